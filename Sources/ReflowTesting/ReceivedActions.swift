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

    var middleware: Middleware<State> {
        Middleware { [weak self] context, action, next in
            let before = context.state
            let isSent = self?.isSending ?? false
            // Only the first action of a send is the sent one; others it causes are received.
            self?.isSending = false
            next(action)
            guard let self, !isSent else { return }
            self.pending.append(Entry(action: action, stateBefore: before, stateAfter: context.state))
        }
    }
}
