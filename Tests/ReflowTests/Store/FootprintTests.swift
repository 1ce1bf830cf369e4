import Testing
@testable import Reflow
@testable import ReflowCore

/// Which bytes of a state a reducer can write: the basis for skipping key-path
/// subscriptions to other slices.
@Suite struct FootprintTests {
    private struct Inner { var x = 0; var y = 0 }
    private struct Outer {
        var first = 0
        var inner = Inner()
        var list = [1, 2, 3]
        var doubled: Int { first * 2 }
    }

    @Test func bytes_knownForStoredPaths_unknownOtherwise() {
        #expect(Footprint.bytes(of: \Outer.first) == MemoryLayout<Outer>.offset(of: \Outer.first)!..<(MemoryLayout<Outer>.offset(of: \Outer.first)! + 8))
        #expect(Footprint.bytes(of: \Outer.inner.y) != nil)
        #expect(Footprint.bytes(of: \Outer.doubled) == nil)
        #expect(Footprint.bytes(of: \Outer.list[0]) == nil)
    }

    @Test func lifted_shiftsInnerRangesByTheSliceOffset() {
        let innerY = Footprint.bytes(of: \Inner.y)!
        let inner = MemoryLayout<Outer>.offset(of: \Outer.inner)!
        let lifted = Footprint.ranges([innerY]).lifted(through: \Outer.inner)
        #expect(lifted == .ranges([(innerY.lowerBound + inner)..<(innerY.upperBound + inner)]))
        #expect(lifted.mayTouch(Footprint.bytes(of: \Outer.inner.y)!))
        #expect(!lifted.mayTouch(Footprint.bytes(of: \Outer.inner.x)!))
        #expect(Footprint.whole.lifted(through: \Outer.inner) == .ranges([Footprint.bytes(of: \Outer.inner)!]))
        #expect(Footprint.ranges([0..<8]).lifted(through: \Outer.doubled) == .whole)
    }

    @Test func union_keepsRangesOnce_andGivesUpAfterThirtyTwo() {
        let a = Footprint.ranges([0..<8])
        #expect(a.union(a) == a)
        #expect(a.union(.whole) == .whole)
        var many = Footprint.nothing
        for index in 0..<32 { many = many.union(.ranges([(index * 8)..<(index * 8 + 8)])) }
        #expect(many != .whole)
        #expect(many.union(.ranges([1_000..<1_008])) == .whole)
    }
}
