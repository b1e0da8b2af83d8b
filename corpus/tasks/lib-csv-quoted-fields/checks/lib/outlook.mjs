/** An Outlook "Export to CSV" file: \r\n line endings, a multi-paragraph note, doubled quotes. */
export const OUTLOOK_EXPORT = [
  'First Name,Last Name,E-mail Address,Mobile Phone,Company,Notes',
  'Ana,Lima,ana.lima@example.com,+44 7700 900123,"Lima & Sons, Ltd",Met at the Leeds fair',
  'Tom,Baker,tom@example.org,,,',
  `"Grace","O'Neill",grace@example.net,07700 900456,"Acme ""Rockets"" Inc","Prefers calls after 5pm.`,
  '',
  'Assistant: Jo"',
  'Li,Wei,LI.WEI@EXAMPLE.COM,,Harbour Tech,',
  '',
].join('\r\n');
