import Dispatch
import Foundation

/// A program running full screen: keys read as they come, the screen redrawn once per turn
/// of the main queue after any change, and the terminal given back however it ends.
@MainActor
final class InteractiveSession<Program: TerminalProgram> {
    let program: Program
    private var decoder = KeyDecoder()
    private var size = TerminalSize.standard
    private var needsDraw = false
    private var input: (any DispatchSourceRead)?
    private var resize: (any DispatchSourceSignal)?
    private var ended: CheckedContinuation<Void, Never>?
    /// Counts reads, so that the wait after an Escape ends only if no byte came since.
    private var reads = 0

    init(program: Program) {
        self.program = program
    }

    func run() async -> Int32 {
        guard TerminalModes.enterFullScreen() else {
            TerminalRunner.printError("standard input is not a terminal")
            return 2
        }
        size = TerminalSize.of(descriptor: STDOUT_FILENO) ?? .standard
        program.onChange = { [weak self] in self?.setNeedsDraw() }
        draw()
        await withCheckedContinuation { continuation in
            ended = continuation
            startReading()
        }
        input?.cancel()
        resize?.cancel()
        program.onChange = nil
        // Back on the normal screen first: what finishing prints (a recording's
        // confirmation, or why it failed) must stay visible after the program ends.
        TerminalModes.restore()
        if let notice = TerminalRunner.notice { print(notice) }
        await program.finish()
        return 0
    }

    private func startReading() {
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readKeys() }
        }
        input.resume()
        self.input = input
        signal(SIGWINCH, SIG_IGN)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resize.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.size = TerminalSize.of(descriptor: STDOUT_FILENO) ?? self.size
                self.draw()
            }
        }
        resize.resume()
        self.resize = resize
    }

    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else { return end() }        // the terminal went away
        reads += 1
        handle(decoder.decode(buffer[..<count]))
        guard decoder.isWaitingAfterEscape else { return }
        // An Escape with nothing after it yet: the Escape key, unless the rest of a
        // sequence comes within the delay.
        let read = reads
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(Self.escapeDelayMilliseconds)) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.reads == read else { return }
                self.handle(self.decoder.flush())
            }
        }
    }

    private static var escapeDelayMilliseconds: Int {
        Int(KeyDecoder.escapeDelay.components.attoseconds / 1_000_000_000_000_000)
    }

    private func handle(_ keys: [Key]) {
        for key in keys where program.handle(key) == .quit {
            return end()
        }
    }

    private func end() {
        guard let continuation = ended else { return }
        ended = nil
        continuation.resume()
    }

    private func setNeedsDraw() {
        guard !needsDraw else { return }
        needsDraw = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.draw() }
        }
    }

    private func draw() {
        needsDraw = false
        guard ended != nil || input == nil else { return }
        var output = "\u{1B}[H"
        // Text from the state is shown, never obeyed: a control character in it is drawn.
        var lines = program.frame(size: size).prefix(size.rows).map(\.withVisibleControls)
        if let notice = TerminalRunner.notice, !lines.isEmpty { lines[0] = " " + notice }
        for (index, line) in lines.enumerated() {
            output += line.fitted(to: size.columns)
            if index < lines.count - 1 { output += "\r\n" }
        }
        output += "\u{1B}[J"
        let bytes = Array(output.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            guard result > 0 else { return }
            written += result
        }
    }
}
