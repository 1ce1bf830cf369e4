#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What standard input is connected to.
public enum StandardInput {
    /// Whether standard input is `/dev/null` (`< /dev/null`, or closed by a runner that
    /// gives none): the examples then play their demo.
    public static var isNullDevice: Bool {
        var input = stat()
        var null = stat()
        guard fstat(0, &input) == 0, stat("/dev/null", &null) == 0 else { return false }
        return input.st_rdev == null.st_rdev && input.st_ino == null.st_ino && input.st_dev == null.st_dev
    }
}
