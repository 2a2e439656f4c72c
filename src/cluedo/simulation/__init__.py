"""The simulator as a library: seeded games in parallel (local processes or Ray),
balance figures, sweeps and reports. The command line, the benchmarks and the web
use it."""
