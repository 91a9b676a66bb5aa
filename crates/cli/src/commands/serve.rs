//! `muster serve [--db URL] [--addr HOST:PORT] [--public-url URL] [--allow-origin ORIGIN]…
//! [--node NAME]`: the game server.
//!
//! Without flags it creates or opens `muster.db` (SQLite) in the current directory, runs the
//! migrations, and listens on 127.0.0.1:8080. It prints one line naming the address it serves
//! (with the port the system chose for `:0`; a password in the database URL is not printed) and
//! stops cleanly on SIGINT or SIGTERM: running clocks are paused, WebSockets closed with a
//! reason, requests under way finish, then the database is closed. Several servers on one
//! PostgreSQL database are the nodes of one site (docs/server-design.md §2.10).

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::Args;
use muster_server::net::NetConfig;
use muster_server::site::SiteSetup;
use muster_server::{GameConfig, ServerState};
use muster_store::{SqlStore, Store};

/// `muster serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The database: `sqlite://FILE` (created if missing) or `postgres://…`.
    #[arg(long, value_name = "URL", default_value = "sqlite://muster.db")]
    pub db: String,
    /// Where to listen.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The address people reach the server at, e.g. `https://muster.example` (behind a proxy
    /// that terminates TLS): its origin may act with a visitor's cookie, and with `https` the
    /// session cookie is marked `Secure`.
    #[arg(long, value_name = "URL", value_parser = origin)]
    pub public_url: Option<String>,
    /// Another origin (`scheme://host[:port]`) whose pages may act with a visitor's cookie:
    /// open WebSockets and send requests that change something. Repeatable. Clients with a
    /// bearer token need none.
    #[arg(long = "allow-origin", value_name = "ORIGIN", value_parser = origin)]
    pub allow_origins: Vec<String>,
    /// How many sessions (guests, sign-ins, new accounts) and bots one client address may
    /// create per minute, and at once; without it 12 a minute, 20 at once.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub sessions_per_minute: Option<u32>,
    /// This node's name on a site of several `muster serve` on one PostgreSQL database (1 to
    /// 40 ASCII letters, digits and `_`); a random one without it. Every server on a
    /// PostgreSQL URL is a node of the site that database is; on SQLite there is one node.
    #[arg(long, value_name = "NAME")]
    pub node: Option<String>,
    /// How long a node's hold on a game lasts unless renewed, and how often it renews, in
    /// milliseconds (`10000,3000`). For tests that kill nodes.
    #[arg(long, hide = true, value_name = "LEASE,RENEW", value_parser = lease_timing)]
    pub lease_ms: Option<(u64, u64)>,
    /// Adds the routes for browser tests (`POST /api/test/drop` cuts the caller's WebSockets).
    /// Never for a server that others use.
    #[arg(long, hide = true)]
    pub test_hooks: bool,
}

/// Opens the store, binds the address and serves until a signal.
pub fn run(args: &ServeArgs) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(serve(args))
}

async fn serve(args: &ServeArgs) -> Result<()> {
    let store = Arc::new(
        SqlStore::open(&args.db)
            .await
            .with_context(|| format!("cannot open the database `{}`", shown(&args.db)))?,
    );
    let setup = match store.bus() {
        Some(bus) => {
            let mut setup = SiteSetup::new(bus, args.node.clone());
            if let Some((lease, renew)) = args.lease_ms {
                setup.lease = std::time::Duration::from_millis(lease);
                setup.renew = std::time::Duration::from_millis(renew);
            }
            Some(setup)
        }
        None if args.node.is_some() => {
            anyhow::bail!(
                "--node names a node of a site on PostgreSQL; a server on SQLite is one node"
            )
        }
        None => None,
    };
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .with_context(|| format!("cannot listen on {}", args.addr))?;
    let addr = listener.local_addr().context("the bound address")?;
    if args.test_hooks {
        eprintln!("muster serve: test hooks are on (POST /api/test/drop); not for real players");
    }
    let config = GameConfig {
        test_hooks: args.test_hooks,
        net: NetConfig {
            public_url: args.public_url.clone(),
            allow_origins: args.allow_origins.clone(),
            sessions_per_minute: args.sessions_per_minute,
            ..NetConfig::default()
        },
        ..GameConfig::default()
    };
    let store_dyn = Arc::clone(&store) as Arc<dyn Store>;
    let state = match setup {
        Some(setup) => {
            ServerState::on_site(store_dyn, config, setup).map_err(anyhow::Error::msg)?
        }
        None => ServerState::with_config(store_dyn, config),
    };
    {
        let node = state
            .games
            .site()
            .map(|site| format!(", node {} of a site", site.node()))
            .unwrap_or_default();
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "muster serves http://{addr} (database {}{node})",
            shown(&args.db)
        )?;
        out.flush()?;
    }
    let served = muster_server::serve(listener, state, muster_server::shutdown_signal()).await;
    store.close().await;
    served.context("the server stopped with an error")?;
    eprintln!("muster: stopped; the database is closed");
    Ok(())
}

/// Reads an origin argument (`scheme://host[:port]`), as the server compares them.
fn origin(text: &str) -> Result<String, String> {
    muster_server::net::origin::parse_origin(text)
}

/// Reads `LEASE,RENEW` in milliseconds: a renewal at most a third of the lease, both at
/// least 50 ms.
fn lease_timing(text: &str) -> Result<(u64, u64), String> {
    let (lease, renew) = text
        .split_once(',')
        .ok_or_else(|| format!("{text:?}: expected LEASE,RENEW in milliseconds"))?;
    let read = |t: &str| {
        t.trim()
            .parse::<u64>()
            .map_err(|_| format!("{t:?} is not a number of milliseconds"))
    };
    let (lease, renew) = (read(lease)?, read(renew)?);
    if renew < 50 || renew.saturating_mul(3) > lease {
        return Err(format!(
            "lease {lease} ms, renewal {renew} ms: renew at least every 50 ms and at most every third of the lease"
        ));
    }
    Ok((lease, renew))
}

/// A database URL as it may be printed: a password in it is replaced by `***`.
fn shown(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((userinfo, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match userinfo.split_once(':') {
        Some((user, _password)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn a_password_in_the_database_url_is_not_printed() {
        assert_eq!(
            shown("postgres://ann:s3cret@db.example:5432/muster"),
            "postgres://ann:***@db.example:5432/muster"
        );
        assert_eq!(
            shown("postgres://ann@db/muster"),
            "postgres://ann@db/muster"
        );
        assert_eq!(shown("sqlite://muster.db"), "sqlite://muster.db");
    }
}
