import Testing
@testable import Reflow
@testable import ReflowCore

/// The reader of an inline stored path loads the value at its offset; every other path
/// falls back to the key path. Either way it must read what the key path reads.
@Suite struct KeyPathAccessTests {
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
        #expect(KeyPathAccess.reader(keyPath)(props) == props[keyPath: keyPath], sourceLocation: sourceLocation)
        var inPlace = props
        #expect(KeyPathAccess.inPlaceReader(keyPath)(&inPlace) == props[keyPath: keyPath], sourceLocation: sourceLocation)
        let offset = MemoryLayout<Props>.offset(of: keyPath)
        #expect(KeyPathAccess.read(props, at: offset, through: keyPath) == props[keyPath: keyPath], sourceLocation: sourceLocation)
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

    /// Either reader; the in-place one must also leave its root as it was.
    @Test(arguments: [false, true])
    func aLoadedValue_isACopyThatOutlivesItsRoot(inPlace: Bool) {
        var title: String?
        do {
            var props = Props()
            props.title = String(repeating: "x", count: 100)
            title = inPlace ? KeyPathAccess.inPlaceReader(\Props.title)(&props) : KeyPathAccess.reader(\Props.title)(props)
            #expect(props.title == String(repeating: "x", count: 100) && props.items == [10, 20, 30])
        }
        #expect(title == String(repeating: "x", count: 100))
    }

    @Test func theUpdater_changesOnlyItsValue_whereverThePathGoes() {
        func expectUpdate<T: Equatable>(_ keyPath: WritableKeyPath<Props, T>, to value: T,
                                        sourceLocation: SourceLocation = #_sourceLocation) {
            var viaUpdater = Props()
            var viaKeyPath = Props()
            viaUpdater.box = viaKeyPath.box                   // one shared class instance
            var old: T?
            KeyPathAccess.updater(keyPath)(&viaUpdater) { current in
                old = current
                return value
            }
            #expect(old == Props()[keyPath: keyPath], sourceLocation: sourceLocation)
            viaKeyPath[keyPath: keyPath] = value
            #expect(viaUpdater.byte == viaKeyPath.byte && viaUpdater.title == viaKeyPath.title
                    && viaUpdater.inner == viaKeyPath.inner && viaUpdater.optional == viaKeyPath.optional
                    && viaUpdater.pair == viaKeyPath.pair && viaUpdater.items == viaKeyPath.items,
                    sourceLocation: sourceLocation)
            #expect(viaUpdater[keyPath: keyPath] == value, sourceLocation: sourceLocation)
        }
        expectUpdate(\.byte, to: 9)
        expectUpdate(\.title, to: String(repeating: "y", count: 80))
        expectUpdate(\.inner.name, to: "renamed")
        expectUpdate(\.optional, to: nil)
        expectUpdate(\.pair.1, to: "three")
        expectUpdate(\.items[2], to: 99)                     // falls back to the key path
        expectUpdate(\.box.count, to: 8)                     // through the class reference
    }
}
