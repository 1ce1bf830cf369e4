import Testing
@testable import Reflow
@testable import ReflowCore

/// `ArrayElementRead` reads an element at the offset `MemoryLayout.offset(of:)` gives for
/// its array: it must exist exactly for arrays stored inline, read what the key path
/// reads after any change, and leave every other array to the key path.
@Suite struct ArrayElementReadTests {
    final class Box { var items = [1, 2, 3] }
    struct Point: Equatable { var x = 0; var y = 0 }
    struct Inner { var tag: UInt8 = 1; var names = ["a", "b", "c"]; var values = [4, 5, 6] }
    struct Root {
        var flag = false
        var fields = Array(0..<100)
        var inner = Inner()
        let constant = [7, 8, 9]
        var points = [Point(x: 1, y: 2), Point(x: 3, y: 4)]
        var optionalFields: [Int]? = [1, 2]
        var box = Box()
        var computedFields: [Int] { fields }
    }

    @Test func storedInlineArrays_areReadAtTheirOffset() throws {
        let root = Root()
        try expectReads(\Root.fields, 0, in: root)
        try expectReads(\Root.fields, 99, in: root)
        try expectReads(\Root.inner.values, 2, in: root)
        try expectReads(\Root.inner.names, 1, in: root)   // a non-trivial element
        try expectReads(\Root.points, 1, in: root)         // a struct element
        try expectReads(\Root.constant, 1, in: root)       // a `let` array
        #expect(ArrayElementRead(\Root.inner.values, index: 2)?.arrayOffset == MemoryLayout<Root>.offset(of: \Root.inner.values))
    }

    @Test func arraysNotStoredInline_areLeftToTheKeyPath() {
        #expect(ArrayElementRead(\Root.box.items, index: 1) == nil)        // through a class
        #expect(ArrayElementRead(\Root.computedFields, index: 1) == nil)   // computed
        #expect(ArrayElementRead(\Root.optionalFields!, index: 1) == nil)  // through an optional
        #expect(ArrayElementRead(\[[Int]].[0], index: 1) == nil)           // an element of an array
    }

    /// Seeded random roots and indices: the read agrees with the key path after any
    /// change of the root, including changes that reallocate the array.
    @Test func readsAgreeWithTheKeyPath_overRandomChanges() throws {
        var random = SeededRandom(seed: modelFirstSeed())
        for _ in 0..<modelProgramCount(default: 200) {
            var root = Root()
            root.fields = (0..<Int.random(in: 1...50, using: &random)).map { _ in Int.random(in: -9...9, using: &random) }
            let index = Int.random(in: 0..<root.fields.count, using: &random)
            let read = try #require(ArrayElementRead(\Root.fields, index: index))
            for _ in 0..<20 {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: root.fields[index] = Int.random(in: -9...9, using: &random)
                case 1: root.fields.append(Int.random(in: -9...9, using: &random))
                case 2: root.fields = root.fields.reversed()
                default: root.inner.values.append(index)
                }
                #expect(read.read(root, as: Int.self) == root.fields[index])
            }
        }
    }

    private func expectReads<Element: Equatable>(_ array: KeyPath<Root, [Element]>, _ index: Int, in root: Root,
                                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let read = try #require(ArrayElementRead(array, index: index), sourceLocation: sourceLocation)
        #expect(read.read(root, as: Element.self) == root[keyPath: array][index], sourceLocation: sourceLocation)
    }
}

#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
/// Subscribing to an element outside the array is a mistake the key path would trap on
/// later, somewhere in a notification: it stops at once, saying which element and array.
@MainActor
@Suite struct ArrayElementSubscriptionMisuseTests {
    struct Rows { var titles = ["a", "b"] }

    @Test func subscribingOutsideTheArray_stopsWithTheIndexAndCount() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(reducer: Reducer<Rows>.empty, state: Rows())
                _ = store.subscribe(\.titles, at: 2) { _ in }
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("subscribed to element 2 of"), "\(message)")
            #expect(message.contains("which has 2 elements"), "\(message)")
        }
    }

    #if REFLOW_INTERNAL_CHECKS
    /// A read made with another element type than its key path's (an element inferred as
    /// `Element?` reads the array at an optional's stride) traps in the package's own tests.
    @Test func readAsAnotherElementType_trapsUnderInternalChecks() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let read = ArrayElementRead(\Rows.titles, index: 1)!
            _ = read.read(Rows(), as: String?.self)
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("element 1 read as Optional<String>"), "\(message)")
        }
    }
    #endif
}
#endif
