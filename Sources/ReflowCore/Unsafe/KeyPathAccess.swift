/// Reads and updates a key path's value without the key-path machinery when it can.
///
/// Projecting through a `KeyPath` value (`root[keyPath: path]` with `path` not a literal)
/// walks the path's components at run time and looks up generic metadata on the way:
/// about 30 ns for a one-component path, more than the rest of a binding's delivery
/// (benchmark S7, all readers). A stored path kept inline in a struct has a fixed
/// `MemoryLayout.offset(of:)`, and reading the value there is one load. The unsafe
/// accesses of the package's hot paths live here and in `ArrayElementRead`, each beside
/// its invariant.
@usableFromInline
package enum KeyPathAccess {
    /// A function that reads `keyPath`'s value from a root.
    ///
    /// - Complexity: O(1) per read for an inline stored path; otherwise the cost of the
    ///   key path's projection.
    @inlinable
    package static func reader<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> (Root) -> Value {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return { $0[keyPath: keyPath] } }
        // Checked against the key path's own projection by `KeyPathAccessTests`.
        return { root in value(in: root, at: offset) }
    }

    /// A function that reads `keyPath`'s value from a root it is handed in place: only the
    /// value is copied, not the root (see ``DispatchLoop/readInPlace(_:_:)``).
    ///
    /// - Complexity: O(1) per read for an inline stored path; otherwise the cost of the
    ///   key path's projection.
    @inlinable
    package static func inPlaceReader<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> (inout Root) -> Value {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return { $0[keyPath: keyPath] } }
        // Safe as `reader` is; the root is borrowed for the load and not written.
        return { root in unsafe withUnsafeBytes(of: &root) { unsafe $0.load(fromByteOffset: offset, as: Value.self) } }
    }

    /// Reads `keyPath` of `root`: at `offset` when it is not `nil` (which it may be only
    /// when it is `MemoryLayout<Root>.offset(of: keyPath)`), through the key path otherwise.
    /// For a reader kept in an object's fields rather than in a closure (a binding).
    ///
    /// - Complexity: O(1) at an offset; the key path's projection otherwise.
    @inlinable
    package static func read<Root, Value>(_ root: Root, at offset: Int?, through keyPath: KeyPath<Root, Value>) -> Value {
        // The caller's offset is the key path's own stored offset.
        if let offset { return value(in: root, at: offset) }
        return root[keyPath: keyPath]
    }

    /// The `Value` stored at `offset` in `root`: the load the readers above make.
    ///
    /// `offset` must be `MemoryLayout<Root>.offset(of:)` of a key path to a `Value` (or the
    /// lower bound of `Footprint.bytes(of:)` of one).
    ///
    /// - Complexity: O(1): one copy of the value.
    @inlinable
    static func value<Root, Value>(in root: Root, at offset: Int, as _: Value.Type = Value.self) -> Value {
        // Safe: `offset(of:)` returns an offset only for a stored property (or a path of
        // them) laid out inline in `Root`, where a `Value` is initialized and aligned for
        // as long as the root is; `load` copies it (retaining what it references). Loaded here
        // rather than through a helper that takes the root's address: that form measured
        // 1.05× on S7 with all readers.
        unsafe withUnsafeBytes(of: root) { unsafe $0.load(fromByteOffset: offset, as: Value.self) }
    }

    /// A function that replaces `keyPath`'s value in a root with what `update` makes of it.
    ///
    /// A hosted reactor's mutation goes through this into its slice (benchmark R1h).
    ///
    /// - Complexity: O(1) plus `update` for an inline stored path; otherwise the cost of
    ///   the key path's projection, twice.
    @inlinable
    package static func updater<Root, Value>(_ keyPath: WritableKeyPath<Root, Value>) -> (inout Root, (Value) -> Value) -> Void {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else {
            return { root, update in root[keyPath: keyPath] = update(root[keyPath: keyPath]) }
        }
        // Safe for the same reason as `reader`: an initialized, aligned `Value` lives at
        // `offset` for as long as the root does; the assignment releases the old value and
        // stores the new one in place. Checked against the key path by `KeyPathAccessTests`
        // and, through hosted reactors, by `HostedReactorSliceTests`.
        return { root, update in
            unsafe withUnsafeMutableBytes(of: &root) { bytes in
                let slot = unsafe bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self)
                unsafe slot.pointee = unsafe update(slot.pointee)
            }
        }
    }
}
