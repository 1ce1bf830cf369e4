import Foundation
import Testing

/// A small, seeded, reproducible random source for model-based tests (SplitMix64).
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }

    mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &self)]
    }
}

/// How many random programs a model-based test runs: a few thousand by default, more
/// with `REFLOW_MODEL_PROGRAMS=N` (for a long soak before a release).
func modelProgramCount(default count: Int) -> Int {
    ProcessInfo.processInfo.environment["REFLOW_MODEL_PROGRAMS"].flatMap(Int.init) ?? count
}

/// The first seed: fixed, so CI is reproducible; `REFLOW_MODEL_SEED=N` starts elsewhere.
func modelFirstSeed() -> UInt64 {
    ProcessInfo.processInfo.environment["REFLOW_MODEL_SEED"].flatMap(UInt64.init) ?? 1
}

/// Shrinks a failing program: drops steps, one at a time, while it still fails, and
/// simplifies what is left with `simplify` (each candidate is tried in turn).
func shrink<Step>(_ steps: [Step], simplify: (Step) -> [Step] = { _ in [] },
                  fails: ([Step]) -> Bool) -> [Step] {
    var current = steps
    var improved = true
    while improved {
        improved = false
        for index in current.indices.reversed() where index < current.count {
            var candidate = current
            candidate.remove(at: index)
            if fails(candidate) {
                current = candidate
                improved = true
            }
        }
        for index in current.indices {
            for simpler in simplify(current[index]) {
                var candidate = current
                candidate[index] = simpler
                if fails(candidate) {
                    current = candidate
                    improved = true
                    break
                }
            }
        }
    }
    return current
}

/// Runs `count` random programs (`REFLOW_MODEL_PROGRAMS`, from `REFLOW_MODEL_SEED`) and
/// records one issue for the first that fails: its seed, how to rerun it, and the program
/// shrunk by `shrink`. It yields the main actor after each program, so the other
/// main-actor tests of a parallel run go on beside it instead of waiting for the whole run.
///
/// - Parameters:
///   - what: What is compared with its model, for the message.
///   - generate: Makes the program for a seed.
///   - fails: Whether a program's run differs from the model's.
///   - shrink: Makes a failing program smaller while it still fails.
///   - describe: The program and both runs, for the message.
@MainActor
func checkRandomPrograms<Program>(
    _ what: String, count: Int,
    generate: (inout SeededRandom) -> Program,
    fails: (Program) -> Bool,
    shrink: (Program) -> Program,
    describe: (Program) -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let first = modelFirstSeed()
    for seed in first..<(first + UInt64(modelProgramCount(default: count))) {
        var random = SeededRandom(seed: seed)
        let program = generate(&random)
        guard fails(program) else {
            await Task.yield()
            continue
        }
        Issue.record("""
            Seed \(seed) (rerun with REFLOW_MODEL_SEED=\(seed) REFLOW_MODEL_PROGRAMS=1): \
            \(what) and model differ. Shrunk program:
            \(describe(shrink(program)))
            """, sourceLocation: sourceLocation)
        return
    }
}
