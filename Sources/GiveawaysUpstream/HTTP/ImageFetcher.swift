import AsyncHTTPClient
import Foundation
import NIOPosix

/// Downloads one image for the image cache, and nothing a request could steer elsewhere: only from an allowed
/// origin (scheme, host and port exactly), only to an address `HookAddress` allows after resolving the name
/// (never this machine, the local network or a metadata service, unless `allowPrivate`), connecting to that very
/// address, following no redirect, with a size cap and one deadline for the whole download (a `BoundedHTTPClient`).
public struct ImageFetcher: Sendable {
    /// Why no image was had; reads well in a log line (never more of the URL than its origin).
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case originNotAllowed(String)
        case refused(HookAddress.Refusal)
        case status(Int)
        case tooLarge(limit: Int)
        case timedOut(Duration)
        case failed(String)

        public var description: String {
            switch self {
            case .originNotAllowed(let origin): "\(origin) is not an allowed image origin"
            case .refused(let refusal): refusal.description
            case .status(let code) where (300..<400).contains(code): "redirect (HTTP \(code)) not followed"
            case .status(let code): "HTTP \(code)"
            case .tooLarge(let limit): "larger than \(limit / 1024) KiB"
            case .timedOut(let timeout): "no complete image within \(BoundedHTTPError.seconds(timeout))"
            case .failed(let reason): reason
            }
        }
    }

    public let origins: Set<WebOrigin>
    public let allowPrivate: Bool
    private let http: BoundedHTTPClient

    public var maxBytes: Int { http.maxBodyBytes }
    public var timeout: Duration { http.timeout }

    public init(
        connections: HTTPConnections, origins: Set<WebOrigin>, allowPrivate: Bool, maxBytes: Int,
        timeout: Duration = .seconds(8)
    ) {
        self.origins = origins
        self.allowPrivate = allowPrivate
        http = BoundedHTTPClient(connections: connections, redirects: .never, timeout: timeout, maxBodyBytes: maxBytes)
    }

    /// Whether `url` is on an allowed origin (what `fetch` checks first).
    public func allows(_ url: URL) -> Bool {
        WebOrigin(url).map(origins.contains) ?? false
    }

    public func fetch(_ url: URL) async throws(Failure) -> Data {
        guard let origin = WebOrigin(url), origins.contains(origin) else {
            throw .originNotAllowed(WebOrigin(url)?.description ?? "a non-http(s) URL")
        }
        let allowPrivate = allowPrivate
        do {
            return try await http.bounded { [http] in
                // getaddrinfo blocks: it runs on NIO's blocking-work pool, inside the deadline (as hooks do).
                let addresses = try await NIOThreadPool.singleton.runIfActive {
                    try HookAddress.resolve(url, allowPrivate: allowPrivate)
                }
                // Each checked address in turn while the connection itself fails; the connection goes to the very
                // address that was checked, so a DNS answer that changes in between cannot move it.
                var lastError: any Error = Failure.failed("no address")
                for address in addresses {
                    do {
                        return try await http.execute(
                            HTTPClientRequest(url: url.absoluteString), address: address, accepts: { $0 == 200 }
                        ).body
                    } catch let error as BoundedHTTPError where error.isConnectFailure {
                        lastError = error
                    }
                }
                throw lastError
            }
        } catch {
            throw classify(error)
        }
    }

    private func classify(_ error: any Error) -> Failure {
        switch error {
        case let error as Failure: error
        case let refusal as HookAddress.Refusal: .refused(refusal)
        case BoundedHTTPError.status(let code): .status(code)
        case BoundedHTTPError.tooLarge: .tooLarge(limit: maxBytes)
        case BoundedHTTPError.timedOut: .timedOut(timeout)
        case let error as BoundedHTTPError: .failed(error.description)
        default: .failed(String(String(describing: error).prefix { $0 != "\n" }.prefix(160)))
        }
    }
}
