/** An error the CLI reports without a stack trace. */
export class SitegenError extends Error {
  constructor(message) {
    super(message);
    this.name = this.constructor.name;
  }
}

/** Invalid configuration: exit code 1. */
export class ConfigError extends SitegenError {}

/** A failed build step: exit code 1. */
export class BuildError extends SitegenError {}

/** Bad command line: exit code 2. */
export class UsageError extends SitegenError {}
