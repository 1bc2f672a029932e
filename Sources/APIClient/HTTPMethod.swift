/// The HTTP methods our API clients send. (`HTTP`'s own request keeps the method as the token a
/// server received, so that it can answer any method, HEAD and unknown ones included.)
public enum HTTPMethod: String, Hashable, Sendable {
    case get = "GET"
    case post = "POST"
    case delete = "DELETE"
    case patch = "PATCH"
}
