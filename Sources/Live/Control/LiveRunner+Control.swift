import Risk
import StrategyKit
import Trading

extension LiveRunner {
    /// Carries out an operator's command in the engine loop: halt, reduce-only and resume
    /// through the risk checker's trading states (logged, persisted in `riskStatePath`, shown on
    /// the monitor; a halt cancels the scope's open orders as a loss-limit halt does), flatten
    /// through the engine's `flatten`. Logs who asked and what, and answers with the states after.
    func carryOut(_ request: OperatorRequest, _ requests: inout Requests) {
        let command = request.command
        logger.warning("operator command", ["command": command.description, "from": request.who])
        if case .strategy(let id) = command.scope, !engine.strategyIDs.contains(id) {
            request.answer(refusal(of: command, "no strategy with id \(id)"))
            return
        }
        let time = now()
        let actions: [EngineAction]
        switch command {
        case .halt(let scope, _):
            actions = engine.setTradingState(.halted, for: scope, at: time)
        case .reduceOnly(let scope):
            actions = engine.setTradingState(.reducing, for: scope, at: time)
        case .resume(let scope):
            actions = engine.setTradingState(.active, for: scope, at: time)
        case .flatten(let scope, let symbol):
            do throws(FlattenRefused) {
                actions = try engine.flatten(scope, symbol: symbol, at: time)
            } catch {
                logger.warning("flatten refused", ["scope": "\(scope)", "why": error.reason])
                request.answer(refusal(of: command, error.reason))
                return
            }
        }
        perform(actions, &requests)
        let cancels = actions.count { if case .cancel = $0 { true } else { false } }
        let change = actions.lazy.compactMap { if case .tradingStateChanged(let change) = $0 { change } else { nil } }.first
        let state = engine.risk.state.status(of: command.scope).state
        var message = change.map { "\($0.scope): \($0.from.rawValue) -> \($0.to.rawValue)" } ?? "\(command.scope) is \(state.rawValue) already"
        if case .flatten = command { message += "; flattening, progress in the daemon's log" }
        if cancels > 0 { message += "; \(cancels) cancels sent" }
        request.answer(outcome(of: command, ok: true, message: message, cancels: cancels))
    }

    /// The answer to `command` when it is not carried out, saying `why`.
    func refusal(of command: OperatorCommand, _ why: String) -> OperatorOutcome {
        outcome(of: command, ok: false, message: why, cancels: 0)
    }

    private func outcome(of command: OperatorCommand, ok: Bool, message: String, cancels: Int) -> OperatorOutcome {
        let state = engine.risk.state
        return OperatorOutcome(
            ok: ok, command: command.name, scope: command.scope.description, message: message, account: state.account.state,
            strategies: Dictionary(uniqueKeysWithValues: engine.strategyIDs.map { ($0.rawValue, state.status(of: .strategy($0)).state) }),
            cancels: cancels)
    }
}
