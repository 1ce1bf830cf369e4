import ExampleTerminal
import Testing

/// The script runner: frames after commands, and `wait` that waits for the program.
@MainActor
@Suite struct TerminalRunnerTests {
    /// Busy for `busyFor` after each key; records whether it was busy whenever a frame was
    /// taken after a `wait`.
    final class SlowProgram: TerminalProgram {
        let name = "Slow"
        var onChange: (@MainActor () -> Void)?
        private(set) var isBusy = false
        private(set) var keys = 0
        var framesWhileBusy: [Int] = []
        let busyFor: Duration

        init(busyFor: Duration) {
            self.busyFor = busyFor
        }

        func frame(size: TerminalSize) -> [String] {
            if isBusy { framesWhileBusy.append(keys) }
            return ["keys: \(keys)", isBusy ? "busy" : "idle"]
        }

        func handle(_ key: Key) -> KeyOutcome {
            keys += 1
            isBusy = true
            onChange?()
            Task { [busyFor] in
                try? await Task.sleep(for: busyFor)
                self.isBusy = false
                self.onChange?()
            }
            return .handled
        }

        func finish() {}
    }

    @Test func everyWait_endsOnlyWhenTheProgramIsIdle_evenAfterAnEarlierWaitEnded() async {
        let program = SlowProgram(busyFor: .milliseconds(50))
        // A first wait that ends by itself must not let its timer end a later one early
        // (it did: the cancelled timer ended the next wait at once, as if timed out).
        let status = await TerminalRunner.runScript(program, script: """
            key enter
            wait
            key enter
            wait
            key enter
            wait
            """, idleTimeout: .seconds(10))
        #expect(status == 0)
        #expect(program.keys == 3)
        #expect(program.framesWhileBusy == [1, 2, 3], "only the frames right after each key were busy")
    }

    @Test func aScriptThatIsNotACommand_isRefusedBeforeAnythingRuns() async {
        let program = SlowProgram(busyFor: .zero)
        let status = await TerminalRunner.runScript(program, script: "key enter\ndance\n")
        #expect(status == 2)
        #expect(program.keys == 0)
    }
}
