import FoundationEssentials
import HTTP
import Lifecycle
import Live
import Risk
import StrategyKit
import Trading

/// The operator's control routes, `POST /api/control/halt|reduce-only|resume|flatten`, served
/// on the control socket (`ControlServer`) and, behind its bearer token, on the monitor
/// (`MonitorRoutes`). A request's JSON body (`ControlBody`) names the strategy (none: the
/// account), the symbol (flatten) and the reason (halt); the command goes to the runner's inbox
/// and the answer is the runner's `OperatorOutcome` as JSON (status 200 when carried out, 409
/// when refused). Every request is logged with who sent it and what it asked.
///
/// Unlike the monitor's other pages this waits on the engine loop, for at most `answerWait`
/// (answered 504 past it): the caller is told the state the command left.
public struct ControlRoutes: Sendable {
    private let post: @Sendable (OperatorRequest) -> Void
    private let logger: Logger
    /// How long a request waits for the engine loop's answer.
    let answerWait: Duration

    /// Routes posting to `inbox`, logging to `logger`.
    public init(inbox: Inbox<LiveRunner.Message>, logger: Logger, answerWait: Duration = .seconds(5)) {
        self.init(post: { inbox.post(.control($0)) }, logger: logger, answerWait: answerWait)
    }

    /// Routes handing each request to `post` (tests answer it themselves).
    public init(post: @escaping @Sendable (OperatorRequest) -> Void, logger: Logger, answerWait: Duration = .seconds(5)) {
        self.post = post
        self.logger = logger
        self.answerWait = answerWait
    }

    /// The path prefix of every control route.
    public static let prefix = "/api/control/"

    /// Whether `request` is for a control route.
    public static func isControl(_ request: HTTPRequest) -> Bool {
        request.path.hasPrefix(prefix)
    }

    /// The answer to `request` (a control route's) from `who`.
    public func respond(to request: HTTPRequest, who: String) -> HTTPResponse {
        let what = "\(request.method) \(request.path)"
        guard request.method == "POST" else {
            logger.warning("control request refused", ["from": who, "request": what, "why": "not POST"])
            var response = Self.text(405, "control takes POST\n")
            response.headers.set(name: "Allow", value: "POST")
            return response
        }
        let command: OperatorCommand
        switch Self.command(request) {
        case .failure(let refusal):
            logger.warning("control request refused", ["from": who, "request": what, "why": refusal.message])
            return Self.text(refusal.status, refusal.message + "\n")
        case .success(let parsed):
            command = parsed
        }
        logger.info("control request", ["from": who, "command": command.description])
        guard let outcome = ask(command, who: who) else {
            logger.error("control request not answered in time", ["from": who, "command": command.description])
            return Self.text(504, "the engine did not answer within \(answerWait)\n")
        }
        let body = (try? JSONEncoder().encode(outcome)).map(Array.init) ?? []
        return HTTPResponse(status: outcome.ok ? 200 : 409, headers: ["Content-Type": "application/json"], body: body + [0x0A])
    }

    /// Posts `command` and waits for the engine loop's answer, at most `answerWait`.
    private func ask(_ command: OperatorCommand, who: String) -> OperatorOutcome? {
        let lock = ConditionLock()
        let answer = Locked<OperatorOutcome?>(nil)
        post(OperatorRequest(command: command, who: who) { outcome in
            lock.lock()
            answer.set(outcome)
            lock.signal()
            lock.unlock()
        })
        let deadline = ContinuousClock.now + answerWait
        lock.lock()
        defer { lock.unlock() }
        while answer.get() == nil, ContinuousClock.now < deadline {
            lock.wait(timeout: deadline - ContinuousClock.now)
        }
        return answer.get()
    }

    /// A request refused before it reaches the engine: its status and why.
    struct Refusal: Error {
        var status: Int
        var message: String
    }

    /// The command `request` asks for, or why it is refused (404 for an unknown route, 400 for
    /// a body that is not the expected JSON).
    static func command(_ request: HTTPRequest) -> Result<OperatorCommand, Refusal> {
        let name = request.path.dropFirst(prefix.count)
        let body: ControlBody
        if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            body = ControlBody()
        } else {
            do {
                body = try JSONDecoder().decode(ControlBody.self, from: Data(request.body))
            } catch {
                return .failure(Refusal(status: 400, message: "the body must be a JSON object with optional strategy, symbol and reason"))
            }
        }
        let scope = body.strategy.map { TradingScope.strategy(StrategyID($0)) } ?? .account
        switch name {
        case "halt": return .success(.halt(scope, reason: body.reason))
        case "reduce-only": return .success(.reduceOnly(scope))
        case "resume": return .success(.resume(scope))
        case "flatten": return .success(.flatten(scope, symbol: body.symbol.map { Symbol($0) }))
        default:
            return .failure(Refusal(status: 404, message: "no such control route: \(prefix){halt,reduce-only,resume,flatten}"))
        }
    }

    /// Logs `request` from `who` as refused before its command was read (no or a wrong token),
    /// and answers `status` with `why`.
    func refused(_ request: HTTPRequest, who: String, status: Int, _ why: String) -> HTTPResponse {
        logger.warning("control request refused", ["from": who, "request": "\(request.method) \(request.path)", "why": why])
        return Self.text(status, why + "\n")
    }

    private static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", text: text)
    }
}
