// A stand-in for the parts of Apple's ObjectiveC module that Reflow uses, declared as
// Apple's documentation declares them (Objective-C Runtime: associated objects, macOS
// 10.6+, iOS 3.1+). The Apple type-check builds it first, so that the package's
// `#if canImport(ObjectiveC)` branches, which Apple platforms compile, are the ones it
// checks. The bodies are never run.
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { nil }

public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?,
                                     _ policy: objc_AssociationPolicy) {}
