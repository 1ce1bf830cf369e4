/// Reads a key path's value without the key-path machinery when it can.
///
/// Projecting through a `KeyPath` value (`root[keyPath: path]` with `path` not a literal)
/// walks the path's components at run time and looks up generic metadata on the way:
/// about 30 ns for a one-component path, more than the rest of a binding's delivery
/// (benchmark S7, all readers). A stored path kept inline in a struct has a fixed
/// `MemoryLayout.offset(of:)`, and reading the value there is one load.
@usableFromInline
enum KeyPathReader {
    /// A function that reads `keyPath`'s value from a root.
    ///
    /// - Complexity: O(1) per read for an inline stored path; otherwise the cost of the
    ///   key path's projection.
    @inlinable
    static func reader<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> (Root) -> Value {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return { $0[keyPath: keyPath] } }
        // Safe: `offset(of:)` returns an offset only for a stored property (or a path of
        // them) laid out inline in `Root`, where a `Value` is initialized and aligned for
        // as long as the root is; `load` copies it (retaining what it references).
        // Checked against the key path's own projection by `KeyPathReaderTests`.
        return { root in withUnsafeBytes(of: root) { $0.load(fromByteOffset: offset, as: Value.self) } }
    }
}
