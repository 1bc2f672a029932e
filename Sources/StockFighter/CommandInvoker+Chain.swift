import APIClient

extension CommandInvoker {
    /// What a chain does after a step fails.
    public typealias ChainMode = RequestChain<any Sendable, ExchangeError>.Mode
    /// One finished step of a chain: its command's description (never the key), and the
    /// command's result (its `Result` type) or its error.
    public typealias ChainStep = RequestChain<any Sendable, ExchangeError>.Step

    /// Runs `commands` one after another as a `RequestChain`, calling `onStep` as each
    /// finishes, and returns every finished step in order. With `.stopAtFirstError` the steps
    /// after a failure are not run (and not reported).
    public func runChain(
        _ commands: [any ExchangeCommand], mode: ChainMode,
        onStep: (ChainStep) async -> Void = { _ in }
    ) async -> [ChainStep] {
        let links = commands.map { command in
            RequestChain<any Sendable, ExchangeError>.Link(command.description) { () async throws(ExchangeError) -> any Sendable in
                try await self.run(command)
            }
        }
        return await RequestChain(links).run(mode: mode, onStep: onStep)
    }
}
