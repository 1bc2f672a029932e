/// A chain of requests run one after another with a result per step: the one way a client
/// runs several calls and reports each (StockFighter's `CommandInvoker.runChain`, EDGAR's
/// tickers → submissions → older pages).
///
/// A step that succeeds may add the steps that follow from its result (a company's submissions
/// name its older pages); they run next, before the steps that were already waiting, so that a
/// report reads company by company. A step that fails adds nothing: with `.continueAfterErrors`
/// the chain goes on with the next step waiting, which does not depend on it; with
/// `.stopAtFirstError` it ends there.
public struct RequestChain<Value: Sendable, Failure: Error>: Sendable {
    /// What a chain does after a step fails.
    public enum Mode: Sendable, Hashable {
        /// Skip the remaining steps.
        case stopAtFirstError
        /// Run every step whatever happened before.
        case continueAfterErrors
    }

    /// One step to run: what it is, and the call that yields its value and the steps that
    /// follow from that value.
    public struct Link: Sendable {
        /// The step's description for the report, e.g. `GET /submissions/CIK0000320193.json`
        /// (never a key).
        public var description: String
        /// Runs the step.
        public var run: @Sendable () async throws(Failure) -> (value: Value, next: [Link])

        /// A step described by `description` that runs `run`.
        public init(_ description: String, run: @escaping @Sendable () async throws(Failure) -> (value: Value, next: [Link])) {
            self.description = description
            self.run = run
        }

        /// A step with no follow-up steps.
        public init(_ description: String, leaf: @escaping @Sendable () async throws(Failure) -> Value) {
            self.init(description) { () async throws(Failure) in (try await leaf(), []) }
        }
    }

    /// One finished step of a chain.
    public struct Step: Sendable {
        /// The step's position in the chain, from 0, in the order the steps ran.
        public var index: Int
        /// The step's description.
        public var description: String
        /// The step's value or its error.
        public var outcome: Result<Value, Failure>
        /// How long the step took, retries included.
        public var duration: Duration

        /// A finished step.
        public init(index: Int, description: String, outcome: Result<Value, Failure>, duration: Duration) {
            self.index = index
            self.description = description
            self.outcome = outcome
            self.duration = duration
        }
    }

    /// The steps to start with.
    public var links: [Link]

    /// A chain starting with `links`.
    public init(_ links: [Link]) { self.links = links }

    /// Runs the chain, calling `onStep` as each step finishes, and returns every finished step
    /// in order. With `.stopAtFirstError` the steps after a failure are not run (and not
    /// reported).
    public func run(mode: Mode, onStep: (Step) async -> Void = { _ in }) async -> [Step] {
        var waiting = Array(links.reversed())
        var steps: [Step] = []
        while let link = waiting.popLast() {
            let start = ContinuousClock.now
            let outcome: Result<Value, Failure>
            do throws(Failure) {
                let (value, next) = try await link.run()
                outcome = .success(value)
                waiting.append(contentsOf: next.reversed())
            } catch {
                outcome = .failure(error)
            }
            let step = Step(index: steps.count, description: link.description, outcome: outcome, duration: ContinuousClock.now - start)
            steps.append(step)
            await onStep(step)
            if case .failure = outcome, mode == .stopAtFirstError { break }
        }
        return steps
    }
}
