/// A key path to one element of an array kept inline in a struct, `\State.fields[3]`,
/// read as a load at the array's offset and a subscript instead of through the key path.
///
/// The standard library projects such a path by walking its components at run time:
/// about 120 ns, most of it generic-metadata lookups and retains, for what is a load and
/// a bounds-checked index (benchmark S7 with `slice:`, where 100 such paths are projected
/// per dispatch). A key path's components are not public, so `recognize(_:in:)` reads
/// them from the key path object, in the layout the Swift ABI documents for key paths,
/// and trusts what it read only after checking it against key paths it builds itself:
///
/// - `\[Element][0]` and `\[Element][1]`, made here and instantiated by the same runtime,
///   must parse as one subscript component differing only in the index argument; this
///   locates the index and rejects a runtime whose layout is not the one parsed here;
/// - the path must be stored struct properties whose last value type is exactly
///   `[Element]`'s metadata, then that same subscript (header but for writability,
///   identifier, getter and the argument words before the index equal to the
///   reference's), and nothing after it;
/// - reading both ways from the root at hand must agree.
///
/// Anything else (a class on the way, an optional chain, a dictionary, a computed
/// property, another layout) is not recognized, and the caller projects through the key
/// path as before.
@usableFromInline
struct ArrayElementPath: Equatable, Sendable {
    /// Where the array lies in the root, as `MemoryLayout<Root>.offset(of:)` would say of
    /// the path to it.
    @usableFromInline let arrayOffset: Int
    /// The subscript's argument.
    @usableFromInline let index: Int

    init(arrayOffset: Int, index: Int) {
        self.arrayOffset = arrayOffset
        self.index = index
    }

    /// The element this path designates in `root`; traps, as the key path does, when the
    /// index is out of the array's bounds.
    ///
    /// - Complexity: O(1): one load and a bounds-checked subscript.
    @inlinable
    func read<Root, Element>(_ root: Root, as _: Element.Type = Element.self) -> Element {
        // Safe: `recognize` returns a path only for a root type whose stored, inline
        // struct properties lead to an initialized, aligned `[Element]` at `arrayOffset`
        // (the last stored component's value type was checked to be `[Element]`), which
        // stays so for as long as the root does. Checked against the key path's own
        // projection by `ArrayElementPathTests`, over random roots and indices.
        withUnsafeBytes(of: root) { bytes in
            bytes.baseAddress!.advanced(by: arrayOffset)
                .assumingMemoryBound(to: [Element].self).pointee[index]
        }
    }

    /// The array-element path that `keyPath` is, if it is one and this runtime's key
    /// paths are laid out as expected.
    ///
    /// - Parameters:
    ///   - keyPath: Any key path.
    ///   - root: A root to check the recognized path against; its array must hold the
    ///     index (the key path itself would trap otherwise).
    /// - Returns: The path, or `nil` to project through the key path.
    /// - Complexity: O(*c*) in the number of the key path's components, plus making two
    ///   reference key paths; done once, when a subscription starts.
    static func recognize<Root, Element: Equatable>(_ keyPath: KeyPath<Root, Element>, in root: Root) -> ArrayElementPath? {
        #if _pointerBitWidth(_64)
        guard let subscriptLayout = SubscriptLayout<Element>.calibrated(),
              let path = KeyPathBytes(keyPath).arrayElementPath(subscriptLayout, arrayType: [Element].self),
              path.arrayOffset + MemoryLayout<[Element]>.size <= MemoryLayout<Root>.size,
              MemoryLayout<Root>.offset(of: keyPath) == nil else { return nil }
        let array = withUnsafeBytes(of: root) { bytes in
            bytes.load(fromByteOffset: path.arrayOffset, as: [Element].self)
        }
        guard array.indices.contains(path.index), array[path.index] == root[keyPath: keyPath] else { return nil }
        return path
        #else
        return nil
        #endif
    }
}

#if _pointerBitWidth(_64)
/// The raw words of a key path object's component buffer, as the ABI lays them out: after
/// the object header (two words) and `AnyKeyPath`'s one stored property, a 32-bit buffer
/// header (size in its low 24 bits) padded to a word, then the components.
private struct KeyPathBytes {
    private let words: [UInt]
    private let headers: [UInt32]
    private let size: Int

    private static let bufferStart = 3 * MemoryLayout<UInt>.size
    private static let sizeMask: UInt32 = 0x00FF_FFFF
    /// A buffer claiming more than this is not one of the short paths parsed here.
    private static let largestBuffer = 1_024

    init(_ keyPath: AnyKeyPath) {
        var words: [UInt] = []
        var headers: [UInt32] = []
        var size = 0
        withExtendedLifetime(keyPath) {
            // Safe as long as the object is laid out as the ABI documents, which Swift has
            // kept since 5.0: the buffer header is at `bufferStart` and the buffer holds
            // `size` bytes after it. The object is kept alive for the reads, which stay
            // within its buffer and within `largestBuffer`. Whatever is read is only
            // trusted after `SubscriptLayout.calibrated()` and the checks of
            // `ArrayElementPath.recognize` (ArrayElementPathTests, the store model test).
            let object = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
            let header = object.load(fromByteOffset: Self.bufferStart, as: UInt32.self)
            size = Int(header & Self.sizeMask)
            guard size <= Self.largestBuffer, size % 4 == 0 else { size = -1; return }
            let data = object + Self.bufferStart + MemoryLayout<UInt>.size
            for offset in stride(from: 0, to: size, by: 4) { headers.append(data.load(fromByteOffset: offset, as: UInt32.self)) }
            for offset in stride(from: 0, to: size - size % 8, by: 8) { words.append(data.load(fromByteOffset: offset, as: UInt.self)) }
        }
        self.words = words
        self.headers = headers
        self.size = size
    }

    private enum Tag: UInt32 { case structStored = 1, computed = 2 }
    private static func tag(_ header: UInt32) -> UInt32 { (header >> 24) & 0x7F }
    private static let inlineOffsetMask: UInt32 = 0x007F_FFFF
    private static let largestInlineOffset: UInt32 = 0x007F_FFFC
    private static let settableFlag: UInt32 = 0x0040_0000
    /// The settable and mutating flags: a path through a `let` array is read-only, but
    /// the subscript (identifier, getter) is the same.
    static let writabilityFlags: UInt32 = 0x00C0_0000
    private static let hasArgumentsFlag: UInt32 = 0x0008_0000

    /// The computed component at byte `start`, if it is one with arguments: its header,
    /// identifier, getter and argument words (a setter, if any, is skipped).
    fileprivate func computedComponent(at start: Int) -> ComputedComponent? {
        guard start % 8 == 0, start + 8 <= size else { return nil }
        let header = headers[start / 4]
        guard Self.tag(header) == Tag.computed.rawValue, header & Self.hasArgumentsFlag != 0 else { return nil }
        var word = start / 8 + 1
        func next() -> UInt? {
            guard word < words.count else { return nil }
            defer { word += 1 }
            return words[word]
        }
        guard let id = next(), let getter = next() else { return nil }
        if header & Self.settableFlag != 0 {
            guard next() != nil else { return nil }  // the setter
        }
        guard let argumentSize = next(), next() != nil,  // the argument witnesses
              argumentSize % 8 == 0, argumentSize > 0, word <= words.count,
              size % 8 == 0 else { return nil }
        let arguments = Array(words[word...])
        guard arguments.count >= Int(argumentSize / 8) else { return nil }
        return ComputedComponent(header: header, id: id, getter: getter,
                                 argumentWords: Int(argumentSize / 8), arguments: arguments)
    }

    /// A single-component key path's component (the references'), if it is computed.
    fileprivate func onlyComputedComponent() -> ComputedComponent? {
        computedComponent(at: 0)
    }

    /// Reads the path as stored struct properties, then an array subscript laid out as
    /// `layout`, and nothing after it.
    fileprivate func arrayElementPath(_ layout: SubscriptLayout<some Any>, arrayType: Any.Type) -> ArrayElementPath? {
        guard size > 0 else { return nil }
        var position = 0
        var offset = 0
        var lastValueType: UInt?
        while position + 4 <= size, Self.tag(headers[position / 4]) == Tag.structStored.rawValue {
            let payload = headers[position / 4] & Self.inlineOffsetMask
            guard payload <= Self.largestInlineOffset else { return nil }  // out of line or unresolved
            offset += Int(payload)
            position = (position + 4 + 7) / 8 * 8  // the value type's metadata, word-aligned
            guard position + 8 <= size else { return nil }
            lastValueType = words[position / 8]
            position += 8
        }
        guard let lastValueType, lastValueType == UInt(bitPattern: unsafeBitCast(arrayType, to: Int.self)),
              let component = computedComponent(at: position),
              let index = layout.index(in: component) else { return nil }
        return ArrayElementPath(arrayOffset: offset, index: index)
    }
}

private struct ComputedComponent {
    let header: UInt32
    let id: UInt
    let getter: UInt
    /// How many of `arguments` the component counts as its own; what follows them, to the
    /// end of the buffer, is the subscript's generic environment, or further components.
    let argumentWords: Int
    /// The argument words up to the end of the buffer.
    let arguments: [UInt]
}

/// How this runtime lays out `Array`'s subscript component, learnt from `\[Element][0]`
/// and `\[Element][1]`.
private struct SubscriptLayout<Element> {
    let reference: ComputedComponent
    /// Which argument word holds the index.
    let indexWord: Int

    static func calibrated() -> SubscriptLayout? {
        let first = KeyPathBytes(\[Element].[0]).onlyComputedComponent()
        let second = KeyPathBytes(\[Element].[1]).onlyComputedComponent()
        guard let first, let second, first.header == second.header, first.id == second.id,
              first.getter == second.getter, first.argumentWords == second.argumentWords,
              first.arguments.count == second.arguments.count else { return nil }
        let differing = first.arguments.indices.filter { first.arguments[$0] != second.arguments[$0] }
        guard differing.count == 1, let word = differing.first,
              first.arguments[word] == 0, second.arguments[word] == 1 else { return nil }
        return SubscriptLayout(reference: first, indexWord: word)
    }

    /// The index argument of `component`, if it is this subscript and the path's last
    /// component: the same header (but for writability), identifier and getter, the same
    /// argument words before the index, and after its arguments the same generic
    /// environment as the reference's and nothing more.
    func index(in component: ComputedComponent) -> Int? {
        let flags = ~KeyPathBytes.writabilityFlags
        let trailing = reference.arguments[reference.argumentWords...]
        guard component.header & flags == reference.header & flags, component.id == reference.id,
              component.getter == reference.getter, component.argumentWords > indexWord,
              component.arguments[..<indexWord] == reference.arguments[..<indexWord],
              component.arguments[component.argumentWords...].elementsEqual(trailing) else { return nil }
        return Int(bitPattern: component.arguments[indexWord])
    }
}
#endif
