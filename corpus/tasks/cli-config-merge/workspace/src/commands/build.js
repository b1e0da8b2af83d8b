import { join } from 'node:path';
import { collectPages } from '../content/collect.js';
import { planBuild } from '../build/plan.js';
import { writeBuild } from '../build/write.js';
import { loadContext } from './context.js';

export const buildCommand = {
  summary: 'render content into the output directory (--dry-run to only list files)',
  async run(args, { io, logger }) {
    const { options, config } = await loadContext(args, io);
    const pages = await collectPages(join(io.cwd, config.content.dir), { drafts: config.build.drafts });
    const plan = planBuild(pages, config);

    if (options['dry-run']) {
      if (options.json) {
        io.stdout.write(`${JSON.stringify({ outDir: plan.outDir, files: plan.files.map((f) => f.path), minify: plan.minify }, null, 2)}\n`);
      } else {
        for (const file of plan.files) logger.info(`would write ${plan.outDir}/${file.path}`);
      }
      return 0;
    }

    await writeBuild(join(io.cwd, plan.outDir), plan, { clean: config.build.clean });
    logger.info(`wrote ${plan.files.length} files to ${plan.outDir}`);
    return 0;
  },
};
