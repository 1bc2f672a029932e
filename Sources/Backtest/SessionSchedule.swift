import Recording
import StrategyKit

/// A day file's session as a backtest's clock meets it: the market's state when the day's
/// recording begins, and the instants still to come at which it changes (the open, the close,
/// the end of the extended hours), in time order. Pure: the backtester fires each change at its
/// own simulated instant, as it fires timers.
struct SessionSchedule: Sendable {
    /// What happens at an instant of the session.
    enum Change: Hashable, Sendable {
        /// The regular session opens: the market is open until the close.
        case open
        /// The regular session closes: day orders expire (extended-hours ones too when the
        /// session has no later extended close).
        case close
        /// The extended hours end: the extended-hours day orders left expire.
        case extendedClose
    }

    let session: RecordingSession
    /// The changes after the day began, earliest first.
    private(set) var pending: [(at: Timestamp, change: Change)]

    /// The schedule of `session` for a day whose recording begins at `start`: changes at or
    /// before `start` have happened already.
    init(_ session: RecordingSession, from start: Timestamp) {
        self.session = session
        var changes: [(at: Timestamp, change: Change)] = [(session.open, .open), (session.close, .close)]
        if let extendedClose = session.extendedClose, extendedClose > session.close { changes.append((extendedClose, .extendedClose)) }
        pending = changes.filter { $0.at > start }
    }

    /// When the next change is due; nil once the day's last one happened.
    var nextChange: Timestamp? { pending.first?.at }

    /// Takes the next change off the schedule.
    mutating func takeNext() -> (at: Timestamp, change: Change)? {
        pending.isEmpty ? nil : pending.removeFirst()
    }

    /// The market as a strategy is told it at `time`: open within the regular session (closing
    /// at its close), else closed, opening at the day's open if it is still to come (the next
    /// day's open is the next day file's to say).
    func market(at time: Timestamp) -> MarketSession {
        if time >= session.open && time < session.close {
            return MarketSession(isOpen: true, nextClose: session.close, nextOpen: nil)
        }
        return MarketSession(isOpen: false, nextClose: time < session.open ? session.close : nil, nextOpen: time < session.open ? session.open : nil)
    }

    /// Whether the close also expires extended-hours day orders: it does when the session has no
    /// later extended close.
    var closeEndsExtendedHours: Bool { session.extendedClose.map { $0 <= session.close } ?? true }
}
