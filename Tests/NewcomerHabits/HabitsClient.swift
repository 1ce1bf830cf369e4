import Foundation
import Reflow

struct HabitsClient {
    var fetch: @Sendable () async throws -> [Habit]
    var save: @Sendable ([Habit]) async throws -> Void
}

struct ServerError: Error, LocalizedError {
    var errorDescription: String? { "The server is not reachable" }
}

extension HabitsClient: DependencyKey {
    static let liveValue = HabitsClient(
        fetch: { throw ServerError() },
        save: { _ in throw ServerError() }
    )
    static let previewValue = HabitsClient(
        fetch: { [Habit(id: UUID(), name: "Read", streak: 3)] },
        save: { _ in }
    )
}

extension DependencyValues {
    var habitsClient: HabitsClient {
        get { self[HabitsClient.self] }
        set { self[HabitsClient.self] = newValue }
    }
}
