/// Where a game-master instance stands, as `GET /gm/instances/:id` names it.
enum GameState: String, Sendable {
    /// Being played.
    case open
    /// Ended with the judge's verdict passed.
    case won
    /// Ended with the judge's verdict failed (or time up).
    case lost
    /// Ended by its player's `stop` before the judge decided.
    case stopped
}
