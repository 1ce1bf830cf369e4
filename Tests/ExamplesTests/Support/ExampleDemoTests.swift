import Testing

/// Every example runs offline from a clean build: with standard input closed it plays its
/// demo and exits 0.
@Suite struct ExampleDemoTests {
    @Test(arguments: [
        ("SimpleTextField", "You typed “bye” (3 characters)."),
        ("SteppingUp", "⚠ “12” is not a number from 0 to 10"),
        ("TableAndCollection", "[apples 1] [bread 1] [eggs 2]"),
        ("Login", "Welcome, reflow: 3 unread messages."),
        // The filter shows in the list: the open todos only (it printed no list before).
        ("ReSwiftTodo", "filter: open only\nlist:\n  [ ] 2. Change `import ReSwift` to `import ReflowReSwift`\n  [ ] 4. Ship it\n"),
    ])
    func theDemo_runs_andEndsWell(example: String, expected: String) async throws {
        let run = try await ExampleProcess.run(example)
        #expect(run.status == 0, "\(example): \(run.errors)")
        #expect(run.output.contains(expected), "\(example) printed:\n\(run.output)")
    }
}
