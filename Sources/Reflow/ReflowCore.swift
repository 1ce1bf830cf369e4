// The store, its dispatch loop, observers, handles and effects are defined in ReflowCore, a
// module of its own so that the compiler checks what features may use of the engine (its
// `package` interface). An app imports Reflow, which re-exports ReflowCore's public types
// by name: the engine's open base classes (`Observer`, `ObserverTable`), public only so that
// features in this module can subclass them, and the watcher protocol and label their open
// methods name (`NotificationWatcher`, `ObserverLabel`), stay out of an app's namespace.
@_exported import protocol ReflowCore.Action
@_exported import class ReflowCore.BindingHandle
@_exported import struct ReflowCore.Dispatch
@_exported import typealias ReflowCore.DispatchFunction
@_exported import struct ReflowCore.Effect
@_exported import enum ReflowCore.EffectErrors
@_exported import enum ReflowCore.EffectExecution
@_exported import struct ReflowCore.EffectHandle
@_exported import struct ReflowCore.Middleware
@_exported import struct ReflowCore.MiddlewareContext
@_exported import struct ReflowCore.Reducer
@_exported import struct ReflowCore.Send
@_exported import class ReflowCore.Store
@_exported import class ReflowCore.SubscriptionBag
@_exported import class ReflowCore.SubscriptionHandle
@_exported import struct ReflowCore.Thunk
