/// A running effect started by ``Store/run(_:)``: cancel it, or await its end.
public struct EffectHandle: Sendable {
    let tasks: [Task<Void, Never>]

    /// Cancels the effect; outputs it sends afterwards are dropped.
    public func cancel() {
        for task in tasks { task.cancel() }
    }

    /// Waits until every part of the effect has finished (or was cancelled).
    public func finish() async {
        for task in tasks { await task.value }
    }
}
