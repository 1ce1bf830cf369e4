import Foundation

/// A value guarded by a lock: the one place ReflowTesting shares mutable state across
/// threads.
final class LockedState<Value>: @unchecked Sendable {
    // @unchecked: every access to `value` goes through `lock`, which makes it safe.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
