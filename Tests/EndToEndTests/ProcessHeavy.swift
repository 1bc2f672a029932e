import Foundation
import Testing

/// A trait for the end-to-end suites: at most as many of their tests run at once as the machine
/// has cores. Their waits no longer hold a thread, so without it every suite would start its
/// daemons at the same time and a 2-core machine would time them out; the other tests run
/// beside them unhindered. A test waiting for its turn is suspended, not blocking.
struct ProcessHeavy: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> ProcessHeavy? {
        testCase == nil ? nil : self
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        await Self.turns.take()
        do {
            try await function()
        } catch {
            await Self.turns.give()
            throw error
        }
        await Self.turns.give()
    }

    private static let turns = Turns(ProcessInfo.processInfo.activeProcessorCount)

    /// A counting semaphore whose waiters suspend.
    private actor Turns {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(_ count: Int) { free = max(1, count) }

        func take() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func give() {
            if waiting.isEmpty {
                free += 1
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}

extension Trait where Self == ProcessHeavy {
    /// At most one test per core of the suites marked so runs at once.
    static var processHeavy: Self { ProcessHeavy() }
}
