import StrategyKit

/// The first line of every recording: what it holds and what produced it.
///
/// Encoded as `{"format":"tickwork-recording","version":2,"venue":...,"symbols":[...],
/// "producer":...,"kind":"books"|"session"}`; readers refuse any other `format` or a `version`
/// they do not know.
public struct RecordingHeader: Hashable, Sendable, Codable {
    /// What a recording holds.
    public enum Content: String, Hashable, Sendable, Codable {
        /// Book snapshots only (`tickwork record`).
        case books
        /// Every engine input and action of a live session, for parity replay.
        case session
    }

    /// The format's name, always `tickwork-recording`.
    public var format: String
    /// The format version; this code writes `RecordingHeader.currentVersion` (the compact form
    /// `compactVersion`) and reads every version from `oldestReadableVersion` to
    /// `newestReadableVersion`.
    public var version: Int
    public var venue: Venue
    /// The symbols whose books are recorded.
    public var symbols: [Symbol]
    /// What wrote the file, e.g. `tickwork record 0.1` or `tickwork run 0.1`.
    public var producer: String
    public var kind: Content
    /// The trading day a day file covers (`data download`); nil for a recording of a live venue.
    public var session: RecordingSession?

    /// The format name every header carries.
    public static let formatName = "tickwork-recording"
    /// The version this code writes in the JSON Lines and binary forms: 2, prices in units of
    /// $0.0001 (`Price.units`).
    public static let currentVersion = 2
    /// The version this code writes in the compact form, which only it carries (version 2 and
    /// the compact records), so that files of the other forms written now still read in builds
    /// before it, and those builds refuse a compact file by its version: 5, records closed by
    /// CRC-32, trades as records of their own.
    public static let compactVersion = 5
    /// The versions of the compact form, all of which this code reads: 3 closed its records with
    /// a check value of its own, 4 with CRC-32, and 5 adds the trade record.
    public static let compactVersions = 3...compactVersion
    /// The newest version this code reads.
    public static let newestReadableVersion = compactVersion
    /// The oldest version this code reads: 1, prices in integer cents, converted exactly on
    /// reading.
    public static let oldestReadableVersion = 1

    /// A header of the current format version.
    public init(venue: Venue, symbols: [Symbol], producer: String, kind: Content = .books, session: RecordingSession? = nil) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.venue = venue
        self.symbols = symbols
        self.producer = producer
        self.kind = kind
        self.session = session
    }
}
