// raster-bench: times the scenes of ../shared/bench/README.md with kiosk's Raster and, given a
// built cairo_bench (`--cairo PATH`), runs it too and prints ours ÷ cairo per scene.
// Build in release; `scripts/bench` builds both, pins them to one core and links the
// allocation counter (see AllocationCounter.swift).
//
//   raster-bench [--cairo PATH] [--only SUBSTRING]

import AllocationCounter
#if canImport(Glibc)
import Glibc
#endif

BenchMain.run(CommandLine.arguments)
