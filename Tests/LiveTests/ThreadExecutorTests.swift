import Foundation
@testable import Live
import Testing

@Suite(.timeLimit(.minutes(10))) struct ThreadExecutorTests {
    /// The name of the calling thread, as Linux keeps it.
    static func threadName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
    }

    @Test func aTaskThatPrefersTheExecutorAndItsChildTasksRunOnItsThread() async throws {
        let executor = ThreadExecutor(name: "executor-test")
        defer { executor.shutDown() }
        let names = await Task(executorPreference: executor) {
            var names = [Self.threadName()]
            await withTaskGroup(of: String.self) { group in
                for _ in 0..<4 { group.addTask { Self.threadName() } }
                for await name in group { names.append(name) }
            }
            // Resumed after a suspension (a timer's), the task is back on the thread.
            try? await Task.sleep(for: .milliseconds(1))
            names.append(Self.threadName())
            return names
        }.value
        #expect(names == Array(repeating: "executor-test", count: 6))
    }

    @Test func afterShutDownTheThreadHasEndedAndATaskThatPrefersItStillRunsElsewhere() async throws {
        let executor = ThreadExecutor(name: "executor-ended")
        #expect(await Task(executorPreference: executor) { Self.threadName() }.value == "executor-ended")
        executor.shutDown()
        let name = await Task(executorPreference: executor) { Self.threadName() }.value
        #expect(name != "executor-ended")
        #expect(!name.isEmpty)
    }
}
