/// The HTTP methods the StockFighter API uses.
public enum HTTPMethod: String, Hashable, Sendable {
    case get = "GET"
    case post = "POST"
    case delete = "DELETE"
}
