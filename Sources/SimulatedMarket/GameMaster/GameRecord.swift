import StrategyKit

/// What the game master says of one instance: its level, seed and owner, where it stands, the
/// judge's latest verdict and the trading day. A live instance's record changes every step; an
/// ended one's is all that is kept of it once its market is freed.
struct GameRecord: Sendable {
    let id: Int
    let level: Level
    let seed: UInt64
    /// The key that started it: the only one that may see or act on it.
    let key: String
    var state: GameState
    var verdict: LevelVerdict
    /// The trading day now, from 1 to the level's `days`.
    var tradingDay: Int

    /// Whether the instance has ended.
    var done: Bool { state != .open }

    /// The flash message's kind and text: the verdict as the game master would say it.
    var flash: (kind: StaticString, text: String) {
        switch state {
        case .open:
            var text = standing
            if let target = verdict.targetPriceCents {
                text = "Your client's target is revealed: buy at an average below \(Price(cents: target)). " + text
            }
            return ("info", text)
        case .won: return ("success", "You passed \(level.gameName): \(verdict.reason). " + standing)
        case .lost: return ("danger", "You failed \(level.gameName): \(verdict.reason). " + standing)
        case .stopped: return ("warning", "Stopped by its player on day \(tradingDay). " + standing)
        }
    }

    /// Where the player stands: the account's trading figures, or on a level judged on an
    /// accusation, where trading is not the point, what is asked.
    private var standing: String {
        if case .nameTheInsider = level.rules { return "The task: \(level.rules.objective)." }
        return verdict.progressSummary
    }
}
