#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts the terminal in full-screen raw mode and gives it back as it was: on a normal exit,
/// on Ctrl-C, on `kill`, and on a crash signal.
///
/// Raw mode turns off line buffering, echo and the terminal's own handling of Ctrl-C (which
/// then arrives as a key), and the alternate screen keeps the user's scrollback intact.
/// Signal handlers can capture nothing, so what they need lives in ``SavedTerminal``.
public enum TerminalModes {
    /// Switches `descriptor` (standard input) to raw mode and the output to the alternate
    /// screen, and installs the handlers that undo both before a signal ends the process.
    ///
    /// - Returns: `false` when standard input is not a terminal; nothing was changed then.
    @discardableResult
    public static func enterFullScreen() -> Bool {
        let saved = SavedTerminal.shared
        guard tcgetattr(STDIN_FILENO, saved.original) == 0 else { return false }
        var raw = saved.original.pointee
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        for number in SavedTerminal.restoringSignals {
            signal(number, restoreAndReraise)
        }
        saved.isActive.pointee = 1
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            restore()
            return false
        }
        saved.writeEnter()
        return true
    }

    /// Gives the terminal back: cooked mode as it was, the main screen, the cursor shown.
    /// Does nothing when it was not changed or was already given back.
    public static func restore() {
        SavedTerminal.shared.restore()
    }
}

/// Restores the terminal and ends the process with the signal it got, as if it had not been
/// caught, so the shell still sees "killed by SIGSEGV" and the like.
private func restoreAndReraise(_ signalNumber: Int32) {
    SavedTerminal.shared.restore()
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

/// What the signal handlers need, made before they are installed.
///
/// A signal handler may only call async-signal-safe functions (`write`, `tcsetattr`) and
/// read memory that is already there; so the saved modes and the escape sequences are in
/// buffers allocated once, in `init`, and `shared` is touched before any handler is set.
/// The class is `@unchecked Sendable` because its pointers are written only by
/// `enterFullScreen` on the main thread, before the handlers that read them exist, and
/// `isActive` is a `sig_atomic_t` that makes a second restore a no-op.
final class SavedTerminal: @unchecked Sendable {
    static let shared = SavedTerminal()

    static let restoringSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    let original = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    let isActive = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    // The alternate screen, the caret hidden, and bracketed paste (pasted text arrives
    // between markers, so it is never taken for keys); the leaving sequence undoes them.
    private let enterSequence = SavedTerminal.buffer("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H\u{1B}[2J")
    private let leaveSequence = SavedTerminal.buffer("\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l")

    private init() {
        isActive.pointee = 0
    }

    private static func buffer(_ text: String) -> UnsafeBufferPointer<UInt8> {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return UnsafeBufferPointer(buffer)
    }

    func writeEnter() {
        _ = write(STDOUT_FILENO, enterSequence.baseAddress, enterSequence.count)
    }

    /// Async-signal-safe: `write` and `tcsetattr` only.
    func restore() {
        guard isActive.pointee == 1 else { return }
        isActive.pointee = 0
        _ = write(STDOUT_FILENO, leaveSequence.baseAddress, leaveSequence.count)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, original)
    }
}
