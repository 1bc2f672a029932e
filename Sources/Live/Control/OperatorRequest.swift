/// An `OperatorCommand` on its way to the engine loop, with who sent it (logged with the
/// command) and where the answer goes. `answer` is called once, from the engine loop.
public struct OperatorRequest: Sendable {
    public var command: OperatorCommand
    /// Who asks: a Unix peer's uid and pid, or a monitor client's address.
    public var who: String
    public var answer: @Sendable (OperatorOutcome) -> Void

    public init(command: OperatorCommand, who: String, answer: @escaping @Sendable (OperatorOutcome) -> Void) {
        self.command = command
        self.who = who
        self.answer = answer
    }
}
