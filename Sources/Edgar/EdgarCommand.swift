import APIClient
import Wire

/// Which of EDGAR's two hosts a call goes to; each has its own base URL.
public enum EdgarHost: String, Sendable, Hashable {
    /// The site, `https://www.sec.gov`: the company list and the filings' documents.
    case site
    /// The data host, `https://data.sec.gov`: submissions and XBRL facts.
    case data
}

/// One call of EDGAR's JSON API: it knows its path and how to decode its answer.
///
/// The invoker turns error statuses into `EdgarError`s (and inflates a gzip body) before
/// `decode` runs, so `decode` sees only bodies of successful calls.
public protocol EdgarCommand: Sendable, CustomStringConvertible {
    /// What a successful call yields.
    associatedtype Result: Sendable

    /// The host the call goes to.
    var host: EdgarHost { get }
    /// The path below the host's base URL, e.g. `/submissions/CIK0000320193.json`.
    var path: String { get }

    /// Decodes a successful response body; throws saying which field was wrong.
    func decode(_ body: UnsafeRawBufferPointer, context: EdgarDecodeContext) throws(JSONReadError) -> Result
}

extension EdgarCommand {
    public var description: String { "GET \(path)" }
}

/// What a decoder may need besides the body.
public struct EdgarDecodeContext: Sendable, Hashable {
    /// The site's base URL without a trailing slash (`https://www.sec.gov`), which a filing's
    /// document URL starts with.
    public var siteBaseURL: String

    /// A context whose documents live under `siteBaseURL`.
    public init(siteBaseURL: String) {
        var base = siteBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.siteBaseURL = base
    }
}
