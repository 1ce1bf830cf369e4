import Reflow

/// The actions a ``TestStore`` received from effects and middleware, with the states
/// around each, waiting to be asserted.
@MainActor
final class ReceivedActions<State> {
    struct Entry {
        let action: any Action
        let stateBefore: State
        let stateAfter: State
    }

    var pending: [Entry] = []
    var isSending = false
    /// Tasks waiting in ``nextArrival(orAfter:)``.
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0

    /// Returns when the next action is received, or when `timeout` of real time has
    /// passed, whichever comes first.
    func nextArrival(orAfter timeout: Duration) async {
        let id = nextWaiter
        nextWaiter += 1
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.wake(id)
        }
        await withCheckedContinuation { waiters[id] = $0 }
        timer.cancel()
    }

    private func wake(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }

    private func wakeAll() {
        let woken = waiters.values
        waiters.removeAll()
        for waiter in woken { waiter.resume() }
    }

    var middleware: Middleware<State> {
        Middleware { [weak self] context, action, next in
            let before = context.state
            let isSent = self?.isSending ?? false
            // Only the first action of a send is the sent one; others it causes are received.
            self?.isSending = false
            next(action)
            guard let self, !isSent else { return }
            self.pending.append(Entry(action: action, stateBefore: before, stateAfter: context.state))
            self.wakeAll()
        }
    }
}
