/// One element of an array stored inline in a struct, read as a load at the array's offset
/// and a subscript instead of through a key path: what `subscribe(_:at:)` and a
/// connection's `slice:at:` use.
///
/// The standard library projects `\State.fields[3]` by walking the key path's components
/// at run time: about 120 ns, most of it generic-metadata lookups and retains, for what is
/// a load and a bounds-checked index (benchmark S7 with `slice:at:`, where 100 elements
/// are read per dispatch). Given the array's key path and the index apart, the array's
/// place is what the public `MemoryLayout.offset(of:)` says of that key path, and nothing
/// of the key path's private layout is read.
@usableFromInline
package struct ArrayElementRead: Equatable, Sendable {
    /// Where the array lies in the root: `MemoryLayout<Root>.offset(of:)` of its key path.
    @usableFromInline let arrayOffset: Int
    /// The element's index.
    @usableFromInline package let index: Int
    #if REFLOW_INTERNAL_CHECKS
    /// The root and element types of the key path this read was made from: every read
    /// checks that it is made with them, so a read at another type's stride (an element
    /// type inferred as `Element?`) traps in the package's own tests.
    @usableFromInline let rootType: ObjectIdentifier
    @usableFromInline let elementType: ObjectIdentifier
    #endif

    /// The read of `array[index]` at its offset, or `nil` when the array is not a stored
    /// property kept inline in `Root` (a computed property, a path through a class or an
    /// optional): then the caller projects through the key path.
    @inlinable
    package init?<Root, Element>(_ array: KeyPath<Root, [Element]>, index: Int) {
        guard let offset = MemoryLayout<Root>.offset(of: array) else { return nil }
        self.arrayOffset = offset
        self.index = index
        #if REFLOW_INTERNAL_CHECKS
        self.rootType = ObjectIdentifier(Root.self)
        self.elementType = ObjectIdentifier(Element.self)
        #endif
    }

    /// Checks that this read is made for a `Root` holding an array of `Element`. Compiles
    /// to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    @inlinable @inline(__always)
    package func checkTypes<Root, Element>(root _: Root.Type, element _: Element.Type) {
        #if REFLOW_INTERNAL_CHECKS
        precondition(ObjectIdentifier(Root.self) == rootType && ObjectIdentifier(Element.self) == elementType,
                     "ArrayElementRead: element \(index) read as \(Element.self) in \(Root.self), not as the key path's types")
        #endif
    }

    /// The bytes of the array in the root (a write to an element writes them).
    @inlinable
    func arrayBytes<Element>(of _: Element.Type) -> Range<Int> {
        arrayOffset..<(arrayOffset + MemoryLayout<[Element]>.size)
    }

    /// The element in `root`; stops the program with a message, as the key path would
    /// trap, when the index is out of the array's bounds.
    ///
    /// - Complexity: O(1): one load and a bounds-checked subscript.
    @inlinable
    package func read<Root, Element>(_ root: Root, as _: Element.Type = Element.self) -> Element {
        // Safe: `init` took the offset from `MemoryLayout<Root>.offset(of:)` of a key path
        // whose value is `[Element]`, which the standard library returns only for stored
        // properties (or paths of them) laid out inline in `Root`: an initialized, aligned
        // `[Element]` lives there for as long as the root does. Checked against the key
        // path's own projection by `ArrayElementReadTests`, over random roots and indices.
        checkTypes(root: Root.self, element: Element.self)
        return unsafe withUnsafeBytes(of: root) { unsafe read(at: $0.baseAddress!, as: Element.self) }
    }

    /// Stops the program: the element this read was made for is no longer in its array,
    /// which has `count` elements now.
    ///
    /// A pass that reads many elements of one array takes the array's buffer once and
    /// checks each index itself (one retain of the array, not one per element: S3 and S7
    /// at an index, debug section); this is its message.
    @inlinable
    func elementGone(count: Int) -> Never {
        let elements = count == 1 ? "1 element" : "\(count) elements"
        fatalError("""
            Reflow: a subscription to element \(index) of an array (`subscribe(_:at:)` or a \
            connection's `slice:at:`) read it after the array shrank to \(elements). \
            Cancel the subscription, or release the connection, before a reducer removes \
            its element: a disconnected connection still follows its element.
            """)
    }

    /// The element in the root at `root`; stops the program with a message, as the key
    /// path would trap, when the index is out of the array's bounds.
    ///
    /// - Parameter root: The address of a `Root` of the key path this read was made from.
    /// - Complexity: O(1): one load and a bounds-checked subscript.
    @inlinable
    func read<Element>(at root: UnsafeRawPointer, as _: Element.Type) -> Element {
        // Safe: as in `read(_:as:)`; the caller passes the address of a live root.
        #if REFLOW_INTERNAL_CHECKS
        precondition(ObjectIdentifier(Element.self) == elementType,
                     "ArrayElementRead: element \(index) read as \(Element.self), not as the key path's element type")
        #endif
        let array = unsafe (root + arrayOffset).assumingMemoryBound(to: [Element].self)
        guard unsafe index >= 0 && index < array.pointee.count else { unsafe elementGone(count: array.pointee.count) }
        return unsafe array.pointee[index]
    }
}
