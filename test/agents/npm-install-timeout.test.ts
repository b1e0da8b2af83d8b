import { describe, expect, it } from 'vitest';
import { npmInstallInto } from '../../src/io/npm-install.js';
import { tempDir } from '../helpers/temp.js';

describe('npm installs are bounded', () => {
  it('ends an install that goes past its deadline with an error naming the spec and the bound', async () => {
    const prefix = await tempDir();
    await expect(npmInstallInto(prefix, 'left-pad@1.3.0', { timeoutMs: 1 })).rejects.toThrow(
      /^npm install left-pad@1\.3\.0 timed out after 1 ms/,
    );
  });
});
