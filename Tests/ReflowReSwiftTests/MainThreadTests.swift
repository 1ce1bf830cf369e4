import ReflowCore

import Foundation
import Testing
import Reflow
@testable import ReflowReSwift

/// ReSwift's reducers, middleware and thunk bodies are plain closures, carried into Reflow's
/// main-actor types by `MainActorBound` under one rule: used only on the main thread. A
/// breach stops the program with a message instead of racing.
@Suite struct MainThreadTests {
    @MainActor
    @Test func onTheMainThread_theValueIsThere() {
        let bound = MainActorBound({ (value: Int) in value + 1 })
        #expect(bound.value(1) == 2)
        #expect(bound.isolatedValue(2) == 3)
    }

    #if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
    @Test func readOffTheMainThread_stopsWithItsMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let bound = MainActorBound(42)
            await Task.detached { _ = bound.value }.value
        }
        .map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("was called off the main thread"))
            #expect(message.contains("go through the store (dispatch, state)"))
        }
    }
    #endif
}
