//! The accept loop: HTTP/1.1 over each accepted TCP connection, with WebSocket upgrades, a
//! timeout on reading a request's headers (which also ends kept-alive connections that wait
//! too long for their next request), an idle timeout on connections that stall in the middle
//! of a request or an answer, and a graceful stop.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::response::Response;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower_service::Service;

use super::NetConfig;

/// The longest a graceful stop waits for requests under way before it lets them go.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// Serves `router` on `listener` until `shutdown` completes, then lets every request under
/// way finish (for at most ten seconds) and returns. Each request carries the client's
/// address as [`ConnectInfo<SocketAddr>`].
pub async fn serve(
    listener: TcpListener,
    router: Router,
    net: &NetConfig,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(net.header_timeout)
        .keep_alive(true);
    // Every connection's task holds a receiver; the stop waits until they are all gone.
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let idle_timeout = net.idle_timeout;
    tokio::pin!(shutdown);
    loop {
        let (tcp, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: wait a moment rather than spin.
                    eprintln!("muster serve: a connection could not be accepted: {error}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = tcp.set_nodelay(true);
        let (io, activity) = Tracked::new(tcp);
        let service = hyper::service::service_fn(answer(router.clone(), addr));
        let connection = builder
            .serve_connection(TokioIo::new(io), service)
            .with_upgrades();
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                () = activity.stalled(idle_timeout) => return,
                _ = stopping.changed() => connection.as_mut().graceful_shutdown(),
            }
            // Stopping: the request under way is answered, then the connection closes.
            tokio::select! {
                _ = connection => {}
                () = activity.stalled(idle_timeout) => {}
            }
        });
    }
    drop(listener);
    drop(stopping);
    stop.send_replace(true);
    let _ = tokio::time::timeout(STOP_WAIT, stop.closed()).await;
    Ok(())
}

type Answer = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

/// The service of one connection: the router, each request marked with the client's address.
fn answer(router: Router, addr: SocketAddr) -> impl Fn(Request<Incoming>) -> Answer + Clone {
    move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(addr));
        let mut router = router.clone();
        Box::pin(async move { router.call(request.map(Body::new)).await })
    }
}

/// A TCP stream that notes when a byte last went either way.
struct Tracked {
    tcp: TcpStream,
    activity: Arc<Activity>,
}

/// When a connection last read or wrote, in milliseconds after its start.
struct Activity {
    start: Instant,
    last_ms: AtomicU64,
}

impl Tracked {
    fn new(tcp: TcpStream) -> (Tracked, Arc<Activity>) {
        let activity = Arc::new(Activity {
            start: Instant::now(),
            last_ms: AtomicU64::new(0),
        });
        let tracked = Tracked {
            tcp,
            activity: Arc::clone(&activity),
        };
        (tracked, activity)
    }
}

impl Activity {
    fn touch(&self) {
        let now = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_ms.store(now, Ordering::Relaxed);
    }

    /// Completes once nothing has been read or written for `idle`.
    async fn stalled(&self, idle: Duration) {
        loop {
            let last = Duration::from_millis(self.last_ms.load(Ordering::Relaxed));
            let quiet = self.start.elapsed().saturating_sub(last);
            if quiet >= idle {
                return;
            }
            tokio::time::sleep(idle - quiet).await;
        }
    }
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.tcp).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.touch();
        }
        polled
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.tcp).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}
