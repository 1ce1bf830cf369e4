/// Actions dispatched while the store was notifying, waiting their turn (FIFO).
@usableFromInline
struct PendingActions {
    @usableFromInline enum Entry {
        case action(any Action)
        /// Actions dispatched inside one `batch` that ran during a notification.
        case batch([any Action])
        /// An action that was reduced, to be handed to its routes (``DispatchLoop/addRoute(for:owner:deliver:)``)
        /// once the notification that followed it is over.
        case route(any Action)
    }

    @usableFromInline var entries: [Entry] = []
    @usableFromInline var head = 0

    // Inlinable: read on every dispatch; a call here would make the read of `pending`
    // span a call, which costs a tracked exclusivity access (benchmark S1).
    @inlinable var isEmpty: Bool { head == entries.count }

    init() {}

    @usableFromInline
    mutating func append(_ entry: Entry) {
        entries.append(entry)
    }

    mutating func popFirst() -> Entry? {
        guard head < entries.count else { return nil }
        let entry = entries[head]
        head += 1
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        }
        return entry
    }
}
