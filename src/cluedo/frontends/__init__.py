"""Front ends: the command line, the terminal game, the JSON protocol, the simulator.

They translate between people (or other programs) and the engine; they hold no rules.
"""
