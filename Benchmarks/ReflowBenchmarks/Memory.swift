import Foundation

/// Resident memory of this process, from `/proc/self/statm` (Linux), in bytes; 0 where
/// that file does not exist. Counted in pages, so measure many objects at once.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * 4_096
}
