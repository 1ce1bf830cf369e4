#if canImport(Darwin)
import Darwin

/// Puts what was written to `descriptor` on permanent storage, so that a power loss after
/// this returns cannot lose it.
///
/// On Darwin `fsync(2)` only hands the data to the drive, whose cache can still lose it;
/// `F_FULLFSYNC` asks the drive to flush that cache too (see `fsync(2)` and `fcntl(2)`).
/// File systems that do not support it (some network volumes) get `fsync`.
///
/// - Returns: Whether the flush succeeded; on failure `errno` says why.
func flushToDisk(_ descriptor: Int32) -> Bool {
    if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
    return fsync(descriptor) == 0
}
#elseif canImport(Glibc)
import Glibc

/// Puts what was written to `descriptor` on permanent storage, so that a power loss after
/// this returns cannot lose it: on Linux `fsync(2)` waits until the device reports the
/// data written.
///
/// - Returns: Whether the flush succeeded; on failure `errno` says why.
func flushToDisk(_ descriptor: Int32) -> Bool {
    fsync(descriptor) == 0
}
#else
import Foundation

/// Puts what was written to `descriptor` on permanent storage with `fsync(2)`, on systems
/// with neither Darwin nor Glibc.
///
/// - Returns: Whether the flush succeeded; on failure `errno` says why.
func flushToDisk(_ descriptor: Int32) -> Bool {
    fsync(descriptor) == 0
}
#endif
