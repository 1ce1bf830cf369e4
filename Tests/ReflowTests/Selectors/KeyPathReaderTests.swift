import Testing
@testable import Reflow

/// The reader of an inline stored path loads the value at its offset; every other path
/// falls back to the key path. Either way it must read what the key path reads.
@Suite struct KeyPathReaderTests {
    final class Box { var count = 7 }
    struct Inner: Equatable { var flag: Bool; var name: String }
    struct Props {
        var byte: UInt8 = 1
        var title = "a title long enough not to fit inline in a String's small form"
        var inner = Inner(flag: true, name: "inner")
        var optional: Int? = 42
        var pair = (1, "two")
        var box = Box()
        var items = [10, 20, 30]
        var computed: Int { items.count }
    }

    func expectSame<T: Equatable>(_ keyPath: KeyPath<Props, T>, in props: Props, stored: Bool,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(KeyPathReader.reader(keyPath)(props) == props[keyPath: keyPath], sourceLocation: sourceLocation)
        #expect((MemoryLayout<Props>.offset(of: keyPath) != nil) == stored, sourceLocation: sourceLocation)
    }

    @Test func storedPaths_readTheirOffset_otherPathsTheKeyPath() {
        var props = Props()
        props.title += "!"
        props.inner.name = "changed"
        expectSame(\.byte, in: props, stored: true)
        expectSame(\.title, in: props, stored: true)
        expectSame(\.inner, in: props, stored: true)
        expectSame(\.inner.name, in: props, stored: true)
        expectSame(\.inner.flag, in: props, stored: true)
        expectSame(\.optional, in: props, stored: true)
        expectSame(\.pair.1, in: props, stored: true)
        expectSame(\.box.count, in: props, stored: false)      // through a class reference
        expectSame(\.items[1], in: props, stored: false)       // an array element
        expectSame(\.computed, in: props, stored: false)
    }

    @Test func aLoadedValue_isACopyThatOutlivesItsRoot() {
        let reader = KeyPathReader.reader(\Props.title)
        var title: String?
        do {
            var props = Props()
            props.title = String(repeating: "x", count: 100)
            title = reader(props)
        }
        #expect(title == String(repeating: "x", count: 100))
    }
}
