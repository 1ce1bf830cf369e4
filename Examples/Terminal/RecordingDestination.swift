import Foundation

/// Where an example writes its session's inspector page (`--record FILE`), checked before
/// the session starts, so that a path that cannot be written stops the example at once
/// with a message that names the file and says why, instead of failing after the session.
public enum RecordingDestination {
    /// The file URL for `path`, or, when its directory does not exist or cannot be written,
    /// a message on standard error and exit status 2.
    ///
    /// - Parameter path: The `--record` argument.
    /// - Returns: The file to write.
    public static func checked(_ path: String) -> URL {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        let problem: String?
        if !FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            problem = "the directory \(directory.path) does not exist"
        } else if !isDirectory.boolValue {
            problem = "\(directory.path) is not a directory"
        } else if !FileManager.default.isWritableFile(atPath: directory.path) {
            problem = "the directory \(directory.path) is not writable"
        } else {
            problem = nil
        }
        if let problem {
            FileHandle.standardError.write(Data("error: cannot record to \(path): \(problem)\n".utf8))
            exit(2)
        }
        return url
    }

    /// Writes `page` to `url` and says so; when the write fails, says which file and why on
    /// standard error and exits with status 1.
    ///
    /// - Parameters:
    ///   - page: The inspector page.
    ///   - url: The checked destination.
    ///   - actions: How many actions the page holds, for the confirmation.
    ///   - next: What to do with the file, for the confirmation.
    public static func write(_ page: String, to url: URL, actions: Int, next: String = "open it in a browser") {
        do {
            try page.write(to: url, atomically: true, encoding: .utf8)
            print("Recorded \(actions) actions to \(url.path); \(next).")
        } catch {
            FileHandle.standardError.write(Data("error: could not write \(url.path): \(error.localizedDescription)\n".utf8))
            exit(1)
        }
    }
}
