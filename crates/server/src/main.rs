//! `boardrules-server`: serves the page and the JSON API (see `--help`).

use std::process::ExitCode;

use boardrules_server::{parse_args, Command, Server, HELP};

fn main() -> ExitCode {
    let config = match parse_args(std::env::args().skip(1)) {
        Ok(Command::Help) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Ok(Command::Serve(config)) => config,
        Err(e) => {
            eprintln!("boardrules-server: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("boardrules-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        match Server::start(&config).await {
            Ok(server) => {
                println!(
                    "boardrules-server: http://{}/ (games in {})",
                    server.local_addr(),
                    config.db.display()
                );
                server.wait().await;
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("boardrules-server: {e}");
                ExitCode::FAILURE
            }
        }
    })
}
