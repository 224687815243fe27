/**
 * The browser's start (decision 114): hydrates the page the server rendered, in a transition so
 * hydration yields to input instead of making one long task.
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { InlineStylesContext, stylesInDocument } from './app/RouteStyles';

// The stylesheets the server wrote into the page, rendered the same while hydrating (decision 124).
const inlineStyles = stylesInDocument(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <InlineStylesContext.Provider value={inlineStyles}>
        <HydratedRouter />
      </InlineStylesContext.Provider>
    </StrictMode>,
  );
});
