import Testing
@testable import Reflow

/// The per-action path's flags sit where a debug build finds them without `Path`'s generic
/// metadata: before both states, so their offsets do not depend on `State` (benchmark R1,
/// debug: 1.08× with the states declared first).
@Suite struct ReactorCorePathTests {
    private struct Wide { var words: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0) }

    /// The offsets of every field but the two states, for a reactor whose state is `S`.
    private func fieldOffsets<S>(state _: S.Type) -> [Int?] {
        typealias Path = ReactorCore<Int, Int, S>.Path
        return [
            MemoryLayout<Path>.offset(of: \Path.host),
            MemoryLayout<Path>.offset(of: \Path.dependencies),
            MemoryLayout<Path>.offset(of: \Path.isStubEnabled),
            MemoryLayout<Path>.offset(of: \Path.mutationsPassThrough),
            MemoryLayout<Path>.offset(of: \Path.statesPassThrough),
            MemoryLayout<Path>.offset(of: \Path.queuedMutations),
            MemoryLayout<Path>.offset(of: \Path.isApplying),
        ]
    }

    @Test func flagsSitAtOffsetsThatDoNotDependOnTheState() {
        let small = fieldOffsets(state: Int8.self)
        #expect(!small.contains(nil))
        #expect(fieldOffsets(state: Wide.self) == small)
        #expect(fieldOffsets(state: String.self) == small)
        #expect(fieldOffsets(state: [Int].self) == small)
    }

    @Test func statesComeAfterEveryFlag() throws {
        typealias Path = ReactorCore<Int, Int, Wide>.Path
        let lastFlag = try #require(fieldOffsets(state: Wide.self).compactMap { $0 }.max())
        #expect(try #require(MemoryLayout<Path>.offset(of: \Path.rawState)) > lastFlag)
        #expect(try #require(MemoryLayout<Path>.offset(of: \Path.transformedState)) > lastFlag)
    }
}
