import Testing
@testable import Reflow

/// `ArrayElementPath` reads a key path's components from the key path object. It must
/// recognize exactly the paths it can read (stored struct properties, then one `Array`
/// subscript), read what the key path reads, and decline everything else.
@Suite struct ArrayElementPathTests {
    final class Box { var items = [1, 2, 3] }
    struct Point: Equatable { var x = 0; var y = 0 }
    struct Inner { var tag: UInt8 = 1; var names = ["a", "b", "c"]; var values = [4, 5, 6] }
    struct Root {
        var flag = false
        var fields = Array(0..<100)
        var inner = Inner()
        let constant = [7, 8, 9]
        var points = [Point(x: 1, y: 2), Point(x: 3, y: 4)]
        var matrix = [[1, 2], [3, 4]]
        var optionalFields: [Int]? = [1, 2]
        var dictionary = ["a": 1]
        var contiguous: ContiguousArray<Int> = [1, 2]
        var box = Box()
        var computedFields: [Int] { fields }
    }

    @Test func recognizesStoredArrayElements_andReadsWhatTheKeyPathReads() throws {
        let root = Root()
        try expectRecognized(\Root.fields[0], in: root)
        try expectRecognized(\Root.fields[99], in: root)
        try expectRecognized(\Root.inner.values[2], in: root)
        try expectRecognized(\Root.inner.names[1], in: root)   // a non-trivial element
        try expectRecognized(\Root.points[1], in: root)         // a struct element
        try expectRecognized(\Root.constant[1], in: root)       // a `let` array: read-only subscript
        try expectRecognized(\Root.matrix[1], in: root)         // an element that is an array
        let index = 42
        try expectRecognized(\Root.fields[index], in: root)    // the index known at run time
        #expect(ArrayElementPath.recognize(\Root.fields[index], in: root)?.index == 42)
        #expect(ArrayElementPath.recognize(\Root.inner.values[2], in: root)?.arrayOffset
                == MemoryLayout<Root>.offset(of: \Root.inner.values))
    }

    @Test func declinesEveryOtherPath() {
        let root = Root()
        #expect(ArrayElementPath.recognize(\Root.fields[3].bigEndian, in: root) == nil)  // a component after
        #expect(ArrayElementPath.recognize(\Root.points[0].y, in: root) == nil)
        #expect(ArrayElementPath.recognize(\Root.matrix[1][0], in: root) == nil)
        #expect(ArrayElementPath.recognize(\Root.optionalFields?[1], in: root) == nil)
        #expect(ArrayElementPath.recognize(\Root.dictionary["a"], in: root) == nil)
        #expect(ArrayElementPath.recognize(\Root.contiguous[1], in: root) == nil)
        #expect(ArrayElementPath.recognize(\Root.box.items[1], in: root) == nil)          // through a class
        #expect(ArrayElementPath.recognize(\Root.computedFields[1], in: root) == nil)
        #expect(ArrayElementPath.recognize(\Root.fields.count, in: root) == nil)
        #expect(ArrayElementPath.recognize(\Root.inner.tag, in: root) == nil)
        #expect(ArrayElementPath.recognize(\[Int].[1], in: [1, 2]) == nil)                // no stored prefix
    }

    /// Seeded random roots and paths: the recognized path reads what the key path reads
    /// after any change of the root, including changes that reallocate the array.
    @Test func readsAgreeWithTheKeyPath_overRandomChanges() throws {
        var random = SeededRandom(seed: modelFirstSeed())
        for _ in 0..<modelProgramCount(default: 200) {
            var root = Root()
            root.fields = (0..<Int.random(in: 1...50, using: &random)).map { _ in Int.random(in: -9...9, using: &random) }
            let index = Int.random(in: 0..<root.fields.count, using: &random)
            let keyPath: KeyPath<Root, Int> = \Root.fields[index]
            let path = try #require(ArrayElementPath.recognize(keyPath, in: root))
            for _ in 0..<20 {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: root.fields[index] = Int.random(in: -9...9, using: &random)
                case 1: root.fields.append(Int.random(in: -9...9, using: &random))
                case 2: root.fields = root.fields.reversed()
                default: root.inner.values.append(index)
                }
                #expect(path.read(root, as: Int.self) == root[keyPath: keyPath])
            }
        }
    }

    private func expectRecognized<Value: Equatable>(_ keyPath: KeyPath<Root, Value>, in root: Root,
                                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = try #require(ArrayElementPath.recognize(keyPath, in: root), sourceLocation: sourceLocation)
        #expect(path.read(root, as: Value.self) == root[keyPath: keyPath], sourceLocation: sourceLocation)
    }
}
