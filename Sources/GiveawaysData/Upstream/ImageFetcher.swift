import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// Downloads one image for the image cache, and nothing a request could steer elsewhere: only from an allowed
/// origin (scheme, host and port exactly), only to an address `HookAddress` allows after resolving the name
/// (never this machine, the local network or a metadata service, unless `allowPrivate`), connecting to that very
/// address, following no redirect, with a size cap and one deadline for the whole download.
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
            case .timedOut(let timeout): "no complete image within \(HookSender.seconds(timeout))"
            case .failed(let reason): reason
            }
        }
    }

    public let origins: Set<WebOrigin>
    public let allowPrivate: Bool
    public let maxBytes: Int
    public let timeout: Duration

    public init(origins: Set<WebOrigin>, allowPrivate: Bool, maxBytes: Int, timeout: Duration = .seconds(8)) {
        self.origins = origins
        self.allowPrivate = allowPrivate
        self.maxBytes = maxBytes
        self.timeout = timeout
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
            return try await withDeadline {
                // getaddrinfo blocks: it runs on NIO's blocking-work pool, inside the deadline (as hooks do).
                let addresses = try await NIOThreadPool.singleton.runIfActive {
                    try HookAddress.resolve(url, allowPrivate: allowPrivate)
                }
                var lastError: any Error = Failure.failed("no address")
                for address in addresses {
                    do {
                        return try await download(url, from: address)
                    } catch  where HookSender.isConnectFailure(error) {
                        lastError = error
                    }
                }
                throw lastError
            }
        } catch {
            throw classify(error)
        }
    }

    /// One GET pinned to `address`: the name stays in the URL (TLS checks the certificate against it), and the
    /// connection goes to the address that was checked, so a DNS answer that changes in between cannot move it.
    private func download(_ url: URL, from address: String) async throws -> Data {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(3), read: .seconds(8)))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.dnsOverride = [HookAddress.bareHost(url): address]
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let data = try await get(url, client: client)
            try? await client.shutdown()
            return data
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func get(_ url: URL, client: HTTPClient) async throws -> Data {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "GameGiveaways/1.0 (+self-hosted)")
        let response = try await client.execute(request, timeout: .init(timeout))
        guard response.status == .ok else { throw Failure.status(Int(response.status.code)) }
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBytes {
            throw Failure.tooLarge(limit: maxBytes)
        }
        let body = try await response.body.collect(upTo: maxBytes)
        return Data(body.readableBytesView)
    }

    /// Bounds the whole download, body included: the client's own deadline stops at the response head.
    private func withDeadline(_ operation: @escaping @Sendable () async throws -> Data) async throws -> Data {
        let timeout = timeout
        return try await withThrowingTaskGroup(of: Data?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let data = first else { throw Failure.timedOut(timeout) }
            return data
        }
    }

    private func classify(_ error: any Error) -> Failure {
        switch error {
        case let error as Failure: return error
        case let refusal as HookAddress.Refusal: return .refused(refusal)
        case is NIOTooManyBytesError: return .tooLarge(limit: maxBytes)
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout:
            return .timedOut(timeout)
        case is CancellationError: return .timedOut(timeout)
        default:
            // Error texts of the HTTP stack can quote the URL; keep the first line only.
            return .failed(String(String(describing: error).prefix { $0 != "\n" }.prefix(160)))
        }
    }
}
