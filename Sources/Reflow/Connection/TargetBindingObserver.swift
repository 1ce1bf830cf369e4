/// A binding that writes a prop into an object it holds weakly, and ends itself when the
/// object is gone.
@MainActor
final class TargetBindingObserver<Props, Value: Equatable, Target: AnyObject>: StateObserver<Props> {
    let keyPath: KeyPath<Props, Value>
    weak var target: Target?
    let write: (Target, Value) -> Void
    var lastValue: Value

    init(props: Props, keyPath: KeyPath<Props, Value>, target: Target, write: @escaping (Target, Value) -> Void) {
        self.keyPath = keyPath
        self.target = target
        self.write = write
        self.lastValue = props[keyPath: keyPath]
    }

    override func deliverCurrent() {
        guard let target else { return endSubscription() }
        write(target, lastValue)
    }

    override func notify(_ props: Props) {
        let value = props[keyPath: keyPath]
        if value == lastValue { return }
        guard let target else { return endSubscription() }
        lastValue = value
        write(target, value)
    }
}
